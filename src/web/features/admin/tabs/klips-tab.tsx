import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminKlipCard } from '#contracts/admin-klips.ts';
import { KlipResults } from '#web/components/klips/klip-results.tsx';
import { klipTexts } from '#web/lib/texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAdminKlips, useAdminKlipTags } from '../api/klips.ts';
import { DeleteKlipDialog } from '../components/klips/delete-klip-dialog.tsx';
import { GalleryFilterPanel } from '../components/klips/gallery-filter-panel.tsx';
import {
  hasGalleryFilters,
  noGalleryFilters,
  readGalleryFilters,
  writeGalleryFilters,
  type GalleryFilters,
} from '../components/klips/gallery-filters.ts';
import { GalleryKlipCard } from '../components/klips/gallery-klip-card.tsx';
import { adminTexts } from '../texts.ts';

/**
 * Klips Gallery: every user's klips, 25 a page with their creators' emails; search, user, type,
 * visibility, rating and tag filters kept in the URL beside ?tab=klips; superlike, visibility and
 * delete on each card.
 */
export default function KlipsTab() {
  const [params, setParams] = useSearchParams();
  const filters = readGalleryFilters(params);
  const klips = useAdminKlips(filters);
  const tags = useAdminKlipTags();
  const [toDelete, setToDelete] = useState<AdminKlipCard | null>(null);

  function update(change: Partial<GalleryFilters>) {
    setParams((current) => writeGalleryFilters(current, { ...readGalleryFilters(current), ...change }), { replace: true });
  }

  // A link may name the user by id alone; their klips carry the email.
  const userLabel = filters.user
    ? (filters.user.email ??
      klips.data?.pages.flatMap((page) => page.klips).find((klip) => klip.creator.id === filters.user?.id)?.creatorEmail ??
      filters.user.id)
    : '';

  return (
    <div className="flex flex-col gap-5">
      <GalleryFilterPanel filters={filters} userLabel={userLabel} tags={tags.data?.tags ?? []} onChange={update} />
      <KlipResults
        query={klips}
        emptyTitle={klipTexts.noKlips}
        emptyHint={adminTexts.gallery.noKlipsHint}
        emptyAction={
          hasGalleryFilters(filters) ? (
            <Button variant="secondary" onClick={() => update(noGalleryFilters)}>
              {klipTexts.clearFilters}
            </Button>
          ) : undefined
        }
        renderKlip={(klip) => <GalleryKlipCard klip={klip} onDelete={setToDelete} />}
      />
      <DeleteKlipDialog klip={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
