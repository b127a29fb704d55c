import { LoadError } from '#web/components/ui/load-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePublications } from './api/list-publications.ts';
import { PublicationState } from './publication-status.tsx';
import { storeComponentTexts as texts } from '#web/lib/texts.ts';

/** Where a klip was published: each product with its status, refreshed while any is on its way. */
export function KlipPublications({ workspaceId, klipId }: { workspaceId: string; klipId: string }) {
  const publications = usePublications(workspaceId, { klipId });
  let body;
  if (publications.isPending) body = <Spinner label={texts.loading} />;
  else if (publications.isError) body = <LoadError title={texts.publicationsLoadFailed} query={publications} />;
  else if (publications.data.publications.length === 0) body = <p className="text-sm text-ink-600">{texts.noPublications}</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-ink-100 rounded-xl border border-ink-200" data-testid="klip-publications">
        {publications.data.publications.map((publication) => (
          <li key={publication.id} className="flex flex-col gap-1.5 px-3 py-2.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <span className="min-w-0 truncate text-sm font-medium text-ink-900">{publication.productTitle}</span>
            <PublicationState workspaceId={workspaceId} publication={publication} />
          </li>
        ))}
      </ul>
    );
  return (
    <section className="flex flex-col gap-2" aria-label={texts.publications}>
      <h3 className="text-sm font-semibold text-ink-900">{texts.publications}</h3>
      {body}
    </section>
  );
}
