import { Search, X } from 'lucide-react';
import { useRef } from 'react';
import { SEARCH_MAX } from '#contracts/field-rules.ts';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/**
 * The search field of every list: a magnifier, the input (at most what the server accepts), and a
 * clear button while there is text; Escape clears it too.
 */
export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
  clearLabel,
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  return (
    <div
      className={cn(
        'relative min-w-0 flex-1 [&_input]:pr-11 [&_input]:pl-10 [&_input::-webkit-search-cancel-button]:appearance-none',
        className,
      )}
    >
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" aria-hidden="true" />
      <Input
        ref={ref}
        type="search"
        aria-label={label}
        placeholder={placeholder}
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
          aria-label={clearLabel}
          onClick={() => {
            onChange('');
            ref.current?.focus();
          }}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-ink-400 transition-colors hover:bg-ink-100 hover:text-ink-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
