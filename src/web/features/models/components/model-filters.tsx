import { useId } from 'react';
import { SearchBox } from '#web/components/ui/search-box.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { isTypeFilter, typeFilterOptions, type TypeFilter } from '../lib/model-types.ts';
import { modelsTexts } from '../texts.ts';

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
  return (
    <form
      role="search"
      aria-label={modelsTexts.filterModels}
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-col gap-3 md:flex-row md:items-center"
    >
      <SearchBox
        value={props.searchText}
        onChange={props.onSearchTextChange}
        label={modelsTexts.searchLabel}
        placeholder={modelsTexts.searchPlaceholder}
        clearLabel={modelsTexts.clearSearch}
      />
      <div className="flex items-center justify-between gap-4 md:justify-start md:gap-6">
        <div className="flex min-w-0 flex-1 items-center gap-2.5 md:flex-none">
          <label htmlFor={typeId} className="text-sm font-medium text-ink-700">
            {modelsTexts.typeLabel}
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
            {modelsTexts.publicOnly}
          </label>
        </div>
      </div>
    </form>
  );
}
