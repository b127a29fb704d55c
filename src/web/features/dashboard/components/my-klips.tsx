import { useState } from 'react';
import { Link } from 'react-router';
import { KlipFilterBar, KlipSearchBox, KlipSelect, TagChips } from '#web/components/klips/klip-filters.tsx';
import { KlipResults } from '#web/components/klips/klip-results.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { useMyKlips, useMyTags } from '../api/klip-library.ts';
import { klipTexts } from '#web/lib/texts.ts';
import { dashboardTexts } from '../texts.ts';
import type { KlipTypeFilter } from '#contracts/klip-rules.ts';

/** Typing waits this long before the list is searched again. */
export const SEARCH_DEBOUNCE_MS = 300;

const typeOptions = [
  { value: 'all', label: dashboardTexts.types.all },
  { value: 'image', label: dashboardTexts.types.image },
  { value: 'video', label: dashboardTexts.types.video },
] as const satisfies ReadonlyArray<{ value: KlipTypeFilter; label: string }>;

/** The user's own klips: search, type and tag filters over the grid; any change starts again at page one. */
export function MyKlips() {
  const [searchText, setSearchText] = useState('');
  const [type, setType] = useState<KlipTypeFilter>('all');
  const [tag, setTag] = useState<string | null>(null);
  const search = useSearchTerm(searchText, SEARCH_DEBOUNCE_MS);
  const filtered = search !== '' || type !== 'all' || tag !== null;
  const klips = useMyKlips({ search, type, tag });
  const tags = useMyTags();

  function clearFilters() {
    setSearchText('');
    setType('all');
    setTag(null);
  }

  return (
    <section aria-labelledby="my-klips-heading" className="mt-10">
      <h2 id="my-klips-heading" className="text-xl font-bold tracking-tight text-ink-900">
        {dashboardTexts.yourKlips}
      </h2>
      <Card className="mt-4 flex flex-col gap-3 p-3 sm:p-4">
        <KlipFilterBar label={dashboardTexts.filterYourKlips}>
          <KlipSearchBox value={searchText} onChange={setSearchText} />
          <KlipSelect label={klipTexts.type} value={type} options={typeOptions} onChange={setType} />
        </KlipFilterBar>
        <TagChips tags={tags.data?.tags ?? []} selected={tag} onSelect={setTag} />
      </Card>
      <div className="mt-5">
        <KlipResults
          query={klips}
          emptyHint={filtered ? klipTexts.noKlipsFiltered : dashboardTexts.noKlipsYet}
          emptyAction={
            filtered ? (
              <Button variant="secondary" onClick={clearFilters}>
                {klipTexts.clearFilters}
              </Button>
            ) : (
              <Link to={paths.createImage} className={buttonStyles({ variant: 'primary' })}>
                {dashboardTexts.createFirstKlip}
              </Link>
            )
          }
        />
      </div>
    </section>
  );
}
