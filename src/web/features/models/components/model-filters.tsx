import { useId, useRef } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { isTypeFilter, typeFilterOptions, type TypeFilter } from '../lib/model-types.ts';
import { modelTexts } from '../lib/texts.ts';

/** The server accepts searches up to this length (contract TrainedModelQuery). */
const SEARCH_MAX_LENGTH = 100;

export interface ModelFiltersProps {
  searchText: string;
  onSearchTextChange: (text: string) => void;
  type: TypeFilter;
  onTypeChange: (type: TypeFilter) => void;
  publicOnly: boolean;
  onPublicOnlyChange: (publicOnly: boolean) => void;
}

/** Search, type and 'Public Only': every change filters on the server. */
export function ModelFilters(props: ModelFiltersProps) {
  const typeId = useId();
  const publicOnlyId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      aria-label="Filter models"
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-col gap-3 md:flex-row md:items-center"
    >
      <div className="relative min-w-0 flex-1 [&_input]:pr-11 [&_input]:pl-10 [&_input::-webkit-search-cancel-button]:appearance-none">
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
          ref={searchRef}
          type="search"
          aria-label={modelTexts.searchLabel}
          placeholder={modelTexts.searchPlaceholder}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          value={props.searchText}
          onChange={(e) => props.onSearchTextChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && props.searchText !== '') {
              e.preventDefault();
              props.onSearchTextChange('');
            }
          }}
        />
        {props.searchText !== '' && (
          <button
            type="button"
            aria-label={modelTexts.clearSearch}
            onClick={() => {
              props.onSearchTextChange('');
              searchRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-lg text-ink-400 transition-colors hover:bg-ink-100 hover:text-ink-700"
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
      <div className="flex items-center justify-between gap-4 md:justify-start md:gap-6">
        <div className="flex min-w-0 flex-1 items-center gap-2.5 md:flex-none">
          <label htmlFor={typeId} className="text-sm font-medium text-ink-700">
            {modelTexts.typeLabel}
          </label>
          <Select
            id={typeId}
            options={typeFilterOptions}
            value={props.type}
            onChange={(e) => {
              if (isTypeFilter(e.target.value)) props.onTypeChange(e.target.value);
            }}
            className="min-w-0 flex-1 md:w-40 md:flex-none"
          />
        </div>
        <div className="flex shrink-0 items-center gap-2.5">
          <Switch id={publicOnlyId} checked={props.publicOnly} onCheckedChange={props.onPublicOnlyChange} />
          <label htmlFor={publicOnlyId} className="cursor-pointer text-sm font-medium whitespace-nowrap text-ink-800 select-none">
            {modelTexts.publicOnly}
          </label>
        </div>
      </div>
    </form>
  );
}
