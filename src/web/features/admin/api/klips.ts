import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AdminKlipCard } from '#contracts/admin-klips.ts';
import type { VoteResult } from '#contracts/klips.ts';
import { ApiError, callApi } from '#web/lib/api-client.ts';
import { contractQuery } from '#web/lib/contract-query.ts';
import { patchCachedKlip, removeCachedKlip } from '#web/lib/klips/klip-cache.ts';
import { reloadTagChips } from '#web/lib/klips/use-klip-edits.ts';
import { useCursorPages } from '#web/lib/use-cursor-pages.ts';
import { applyVote } from '#web/lib/klips/votes.ts';
import type { GalleryFilters } from '../components/klips/gallery-filters.ts';
import { deleteKlipAsAdmin, listAllKlipTags, listAllKlips, listUsers, superlikeKlip } from '#contracts/routes.ts';

/** GET /api/admin/klips page by page (25 each), leaving out the filters at their defaults. */
export function useAdminKlips(filters: GalleryFilters) {
  return useCursorPages(listAllKlips, {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.user ? { userId: filters.user.id } : {}),
    ...(filters.type !== 'all' ? { type: filters.type } : {}),
    ...(filters.visibility !== 'all' ? { visibility: filters.visibility } : {}),
    ...(filters.rating !== 'all' ? { rating: filters.rating } : {}),
    ...(filters.tag ? { tag: filters.tag } : {}),
  });
}

const adminTagsQueryOptions = contractQuery(listAllKlipTags);

export function useAdminKlipTags() {
  return useQuery(adminTagsQueryOptions);
}

/** The first page of users whose email or name contains `search` (trimmed); nothing is asked for an empty search. */
export function useUserSearch(search: string) {
  const options = contractQuery(
    listUsers,
    { query: { search } },
    { enabled: search !== '', placeholderData: keepPreviousData, staleTime: 30_000 },
  );
  return useQuery(options);
}

/** Deletes a klip for good; its card leaves every cached list and the tag counts reload. */
export function useDeleteKlip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (klip: Pick<AdminKlipCard, 'id'>) => callApi(deleteKlipAsAdmin, { params: { id: klip.id } }),
    onSuccess: (_, klip) => {
      removeCachedKlip(queryClient, klip.id);
      void reloadTagChips(queryClient);
    },
    onError: (error, klip) => {
      // Another admin deleted it first: it is gone either way.
      if (error instanceof ApiError && error.status === 404) removeCachedKlip(queryClient, klip.id);
    },
  });
}

/**
 * The super admin's superlike, their one vote on the klip: a click shows at once and PUTs it; a
 * refused one is reverted and logged, like the other votes (`useKlipVote`). The change is written to the
 * cached lists rather than kept in the button, so the card's four other votes move with it (a
 * superlike replaces a heart). Only the latest click's answer counts; a failure goes back to what
 * the server last confirmed.
 */
export function useSuperlike(klip: AdminKlipCard) {
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const confirmed = useRef<VoteResult | null>(null);
  const superliked = klip.viewerVote === 'superlike';

  function show(result: VoteResult) {
    patchCachedKlip(queryClient, klip.id, (k) => ({ ...k, counts: result.counts, viewerVote: result.viewerVote }));
  }

  async function toggle(): Promise<'cast' | 'taken back' | 'failed' | 'superseded'> {
    const before: VoteResult = { counts: klip.counts, viewerVote: klip.viewerVote };
    confirmed.current ??= before;
    const request = ++latest.current;
    show(applyVote(before, superliked ? null : 'superlike'));
    try {
      const result = await callApi(superlikeKlip, { params: { id: klip.id }, body: { superlike: !superliked } });
      if (request !== latest.current) return 'superseded';
      confirmed.current = null;
      show(result);
      return result.viewerVote === 'superlike' ? 'cast' : 'taken back';
    } catch (error) {
      if (request !== latest.current) return 'superseded';
      show(confirmed.current ?? before);
      confirmed.current = null;
      console.warn('Superlike not saved; reverted', error);
      return 'failed';
    }
  }

  return { superliked, count: klip.counts.superlike, toggle };
}
