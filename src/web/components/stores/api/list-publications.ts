import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Publication, PublicationList } from '#contracts/stores.ts';
import { contractQuery, invalidateContract } from '#web/lib/contract-query.ts';
import { listPublications } from '#contracts/routes.ts';

/** While a publication is queued or being published, the list is asked for again this often. */
export const PUBLICATION_POLL_MS = 2000;

export const isPublicationPending = (publication: Publication) => publication.status === 'queued' || publication.status === 'publishing';

const anyPending = (list: PublicationList | undefined) => list?.publications.some(isPublicationPending) === true;

/** GET …/store/publications of one klip or of one batch's klips, newest first, polled while any is still on its way. */
export function usePublications(workspaceId: string, of: { klipId: string } | { batchId: string }, enabled = true) {
  return useQuery({
    ...contractQuery<typeof listPublications>(
      listPublications,
      { params: { workspaceId }, query: of },
      { refetchInterval: (query) => (anyPending(query.state.data) ? PUBLICATION_POLL_MS : false) },
    ),
    enabled,
  });
}

/** After publishing or a retry: the lists (and the catalogue's published counts) reload. */
export function usePublicationsChanged() {
  const queryClient = useQueryClient();
  return () => invalidateContract(queryClient, listPublications);
}
