import { useId, type ReactNode } from 'react';
import type { TagCount } from '#contracts/klips.ts';
import { cn } from '../../lib/cn.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { Select, type SelectOption } from '../ui/select.tsx';
import { klipTexts } from '../../lib/texts.ts';

export function KlipSearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <SearchBox
      value={value}
      onChange={onChange}
      label={klipTexts.search}
      placeholder={klipTexts.searchPlaceholder}
      clearLabel={klipTexts.clearSearch}
    />
  );
}

/** A labelled native select (type, sort). */
export function KlipSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<SelectOption & { value: T }>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2.5 md:flex-none">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-ink-700">
        {label}
      </label>
      <Select
        id={id}
        options={options}
        value={value}
        onChange={(e) => {
          const next = options.find((o) => o.value === e.target.value);
          if (next) onChange(next.value);
        }}
        className="min-w-0 flex-1 md:w-40 md:flex-none"
      />
    </div>
  );
}

/** The search form's frame: search on top on phones, beside the selects from tablets up. */
export function KlipFilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <form role="search" aria-label={label} onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-3 md:flex-row md:items-center">
      {children}
    </form>
  );
}

/** Tag chips: pressing one filters by it, pressing it again clears the filter. */
export function TagChips({
  tags,
  selected,
  onSelect,
  loading = false,
}: {
  tags: readonly TagCount[];
  selected: string | null;
  onSelect: (tag: string | null) => void;
  /** The tags are on their way: their row's height is kept so the list below does not move when they come. */
  loading?: boolean;
}) {
  if (loading && tags.length === 0) return <div aria-hidden="true" className="h-8" />;
  if (tags.length === 0 && selected === null) return null;
  const shown = selected !== null && !tags.some((t) => t.name === selected) ? [{ name: selected, count: 0 }, ...tags] : tags;
  return (
    // One row on phones (scrolling sideways), so its height is known before the tags arrive; wrapping from sm on.
    <div role="group" aria-label={klipTexts.tagFilter} className="flex gap-2 overflow-x-auto sm:flex-wrap sm:overflow-visible">
      {shown.map((tag) => {
        const active = tag.name === selected;
        return (
          <button
            key={tag.name}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(active ? null : tag.name)}
            className={cn(
              'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold ring-1 transition-colors ring-inset',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-ink-700 ring-ink-200 hover:bg-ink-50 hover:text-ink-900',
            )}
          >
            #{tag.name}
            {tag.count > 0 && <span className={cn('text-xs tabular-nums', active ? 'text-white/80' : 'text-ink-500')}>{tag.count}</span>}
          </button>
        );
      })}
    </div>
  );
}
