import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { TagCount } from '#contracts/klips.ts';
import { KlipFilterBar, KlipSearchBox, KlipSelect, TagChips } from '#web/components/klips/klip-filters.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { advancedFilterCount, type GalleryFilters } from './gallery-filters.ts';
import { adminTexts } from '../../texts.ts';
import { UserFilter } from './user-filter.tsx';

/** Typing waits this long before the gallery is searched again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box edits a draft; a settled (debounced) draft becomes the URL's search. When the URL
 * changes on its own (back, a link), the box follows it.
 */
function useSearchDraft(committed: string, commit: (search: string) => void) {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const typed = draft.trim();
  const settled = useSearchTerm(draft, SEARCH_DEBOUNCE_MS);

  if (committed !== seen) {
    setSeen(committed);
    if (committed !== typed) setDraft(committed);
  }

  useEffect(() => {
    if (settled !== committed) commit(settled);
    // Only a settled search writes the URL; the URL changing on its own must not write it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return [draft, setDraft] as const;
}

/** Search, user, advanced filters (type, visibility, rating) and tag chips; every change writes the URL. */
export function GalleryFilterPanel({
  filters,
  userLabel,
  tags,
  onChange,
}: {
  filters: GalleryFilters;
  userLabel: string;
  tags: readonly TagCount[];
  onChange: (change: Partial<GalleryFilters>) => void;
}) {
  const advancedId = useId();
  const advancedSet = advancedFilterCount(filters);
  const [advancedOpen, setAdvancedOpen] = useState(advancedSet > 0);
  const [draft, setDraft] = useSearchDraft(filters.search, (search) => onChange({ search }));

  return (
    <Card className="flex flex-col gap-3 p-3 sm:p-4">
      <KlipFilterBar label={adminTexts.gallery.filterLabel}>
        <KlipSearchBox value={draft} onChange={setDraft} />
        <UserFilter selected={filters.user} selectedLabel={userLabel} onSelect={(user) => onChange({ user })} />
        <button
          type="button"
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          onClick={() => setAdvancedOpen(!advancedOpen)}
          className={cn(
            'inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl px-3.5 text-sm font-semibold ring-1 transition-colors ring-inset',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            advancedOpen ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-white text-ink-800 ring-ink-200 hover:bg-ink-50',
          )}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {adminTexts.gallery.advanced}
          {advancedSet > 0 && (
            <span className="grid size-5 place-items-center rounded-full bg-brand-600 text-xs text-white tabular-nums">
              {advancedSet}
              <span className="sr-only">{adminTexts.gallery.advancedSet}</span>
            </span>
          )}
          <ChevronDown className={cn('size-4 transition-transform', advancedOpen && 'rotate-180')} aria-hidden="true" />
        </button>
      </KlipFilterBar>
      <div
        id={advancedId}
        hidden={!advancedOpen}
        className="flex flex-col gap-3 border-t border-ink-100 pt-3 sm:flex-row sm:flex-wrap md:gap-5"
      >
        <KlipSelect
          label={adminTexts.gallery.type}
          value={filters.type}
          options={adminTexts.gallery.typeOptions}
          onChange={(type) => onChange({ type })}
        />
        <KlipSelect
          label={adminTexts.gallery.visibility}
          value={filters.visibility}
          options={adminTexts.gallery.visibilityOptions}
          onChange={(visibility) => onChange({ visibility })}
        />
        <KlipSelect
          label={adminTexts.gallery.rating}
          value={filters.rating}
          options={adminTexts.gallery.ratingOptions}
          onChange={(rating) => onChange({ rating })}
        />
      </div>
      <TagChips tags={tags} selected={filters.tag} onSelect={(tag) => onChange({ tag })} />
    </Card>
  );
}
