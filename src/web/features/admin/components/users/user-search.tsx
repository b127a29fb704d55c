import { useRef } from 'react';
import { SEARCH_MAX } from '../../../../../contracts/fields.ts';
import { Input } from '../../../../components/ui/input.tsx';
import { usersTabTexts as t } from './texts.ts';

/** The search box of the Users tab: email or name; Escape or × clears it. */
export function UserSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <form role="search" aria-label={t.searchLabel} onSubmit={(e) => e.preventDefault()}>
      <div className="relative [&_input]:pr-11 [&_input]:pl-10 [&_input::-webkit-search-cancel-button]:appearance-none">
        <svg
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="9" cy="9" r="5.5" />
          <path d="m13.5 13.5 3.5 3.5" />
        </svg>
        <Input
          ref={inputRef}
          type="search"
          aria-label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && value !== '') {
              e.preventDefault();
              onChange('');
            }
          }}
        />
        {value !== '' && (
          <button
            type="button"
            aria-label={t.clearSearch}
            onClick={() => {
              onChange('');
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-ink-400 transition-colors hover:bg-ink-100 hover:text-ink-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <svg
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="m6 6 8 8M14 6l-8 8" />
            </svg>
          </button>
        )}
      </div>
    </form>
  );
}
