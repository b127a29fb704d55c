import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { batchMessages } from '#contracts/batches.ts';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateContract } from '../../lib/contract-query.ts';
import { paths } from '../../lib/paths.ts';
import { isBatchActive, useBatch } from './api/get-batch.ts';
import { useBatchItems } from './api/list-batch-items.ts';
import { useBatchPublications } from './hooks/use-batch-publications.ts';
import { BatchActions } from './components/batch-actions.tsx';
import { BatchHeader } from './components/batch-header.tsx';
import { BatchItems } from './components/batch-items.tsx';
import { shellTexts } from '../../lib/texts.ts';
import { batchesTexts } from './texts.ts';
import { getSession, listBatches } from '#contracts/routes.ts';

function NotFound() {
  return (
    <Card className="mx-auto mt-6 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <title>{shellTexts.pageTitle(batchMessages.notFound)}</title>
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-ink-100 text-ink-500">
        <SearchX className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-ink-900">{batchMessages.notFound}</h1>
      <Link to={paths.dashboard} className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
        {shellTexts.backToDashboard}
      </Link>
    </Card>
  );
}

/** When a batch stops changing: its items once more (their last state), the refunded balance and the list. */
function useFinalRefresh(active: boolean, refetchItems: () => unknown) {
  const queryClient = useQueryClient();
  const previous = useRef(active);
  useEffect(() => {
    if (previous.current && !active) {
      void refetchItems();
      void invalidateContract(queryClient, getSession);
      void invalidateContract(queryClient, listBatches);
    }
    previous.current = active;
  }, [active, refetchItems, queryClient]);
}

/** /batches/:id: a batch's progress, its photos and what can be done with them; polled while it may change. */
export default function BatchPage() {
  const { id = '' } = useParams();
  const batch = useBatch(id);
  const active = isBatchActive(batch.data);
  const items = useBatchItems(id, active);
  useFinalRefresh(active, items.refetch);
  const publications = useBatchPublications(id, items.data?.pages.flatMap((page) => page.items) ?? []);
  const notFound = batch.error instanceof ApiError && (batch.error.status === 404 || batch.error.status === 400);

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {shellTexts.backToDashboard}
      </Link>
      {batch.data ? (
        <div className="mt-3 flex flex-col gap-5">
          <title>{shellTexts.pageTitle(batch.data.name)}</title>
          <BatchHeader batch={batch.data} />
          <BatchActions batch={batch.data} storeWorkspaceId={publications.fromStore ? publications.workspaceId : null} />
          <BatchItems query={items} publications={publications} />
        </div>
      ) : notFound ? (
        <NotFound />
      ) : batch.isError ? (
        <LoadError title={batchesTexts.loadFailed} query={batch} className="mt-6" />
      ) : (
        <div className="grid place-items-center py-24">
          <Spinner size="lg" label={batchesTexts.loading} />
        </div>
      )}
    </main>
  );
}
