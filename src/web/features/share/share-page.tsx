import { Archive, Download, FileOutput, Heart, ImageOff, Star } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { posterRendition, renditionSrcSet, SHARE_IMAGE_SIZES } from '#contracts/klip-renditions.ts';
import type { KlipCard } from '#contracts/klips.ts';
import { PublicShell } from '../../components/layout/public-shell.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { downloadFileName, downloadUrl } from '../../lib/klips/download-name.ts';
import { paths } from '../../lib/paths.ts';
import { useSharedKlip } from './api/get-klip.ts';
import { useSignedMediaRefresh } from '../../lib/use-signed-media-refresh.ts';
import { exportTexts, klipTexts, shellTexts, uiTexts } from '../../lib/texts.ts';
import { shareTexts } from './texts.ts';

/** Only a klip's owner can export it: visitors, who are most of this page's readers, never download the dialog's code. */
const KlipExportDialog = lazy(() => import('../../components/klips/klip-export-dialog.tsx').then((m) => ({ default: m.KlipExportDialog })));

function NotFound() {
  return (
    <Card className="mx-auto mt-6 flex max-w-lg flex-col items-center px-6 py-12 text-center">
      <title>{shellTexts.pageTitle(shareTexts.notFound)}</title>
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-2xl bg-ink-100 text-ink-500">
        <ImageOff className="size-6" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-ink-900">{shareTexts.notFound}</h1>
      <p className="mt-2 text-ink-600">{shareTexts.notFoundHint}</p>
      <Link to={paths.home} className={buttonStyles({ variant: 'primary', className: 'mt-6' })}>
        {shareTexts.backHome}
      </Link>
    </Card>
  );
}

function Counter({ label, count, icon }: { label: string; count: number; icon: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl bg-ink-50 px-2 py-3 ring-1 ring-ink-200 ring-inset">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-ink-600">
        {icon}
        {label}
      </dt>
      <dd className="text-xl font-bold text-ink-900 tabular-nums">{count}</dd>
    </div>
  );
}

function SharedKlip({ klip }: { klip: KlipCard }) {
  const onError = useSignedMediaRefresh();
  const [exportOpen, setExportOpen] = useState(false);
  const exportable = klip.isOwner && klip.klipType === 'image';
  return (
    <article className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)] lg:items-start">
      <title>{shellTexts.pageTitle(klip.prompt.slice(0, 60))}</title>
      <div className="overflow-hidden rounded-[var(--radius-card)] bg-ink-950 shadow-[var(--shadow-card)]">
        {klip.klipType === 'video' ? (
          <video
            src={klip.imageUrl}
            poster={posterRendition(klip.renditions)?.url ?? klip.posterUrl ?? undefined}
            width={klip.width ?? undefined}
            height={klip.height ?? undefined}
            controls
            muted
            playsInline
            aria-label={klip.prompt}
            className="mx-auto max-h-[75dvh] w-full object-contain"
            onError={onError}
          />
        ) : (
          // The largest picture on the page: sized copies (the HTML preloads the same srcset), fetched first.
          <img
            src={klip.renditions.at(-1)?.url ?? klip.thumbnailUrl ?? klip.imageUrl}
            srcSet={klip.renditions.length > 0 ? renditionSrcSet(klip.renditions) : undefined}
            sizes={klip.renditions.length > 0 ? SHARE_IMAGE_SIZES : undefined}
            fetchPriority="high"
            alt={klip.prompt}
            width={klip.width ?? undefined}
            height={klip.height ?? undefined}
            className="mx-auto h-auto max-h-[75dvh] w-full object-contain"
            onError={onError}
          />
        )}
      </div>
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-center gap-3">
          <Avatar name={klip.creator.displayName} src={klip.creator.avatarUrl} size="md" />
          <p className="min-w-0 truncate font-semibold text-ink-900">{klip.creator.displayName}</p>
        </div>
        <div>
          <h1 className="sr-only">{shareTexts.sharedKlip}</h1>
          <p className="leading-relaxed break-words whitespace-pre-line text-ink-800">{klip.prompt}</p>
          <p className="mt-3 text-sm text-ink-600">
            {shareTexts.generatedWith} <span className="font-semibold text-ink-900">{klip.modelDisplayName}</span>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
          <Counter
            label={klipTexts.votes.archived}
            count={klip.counts.archived}
            icon={<Archive className="size-3.5" aria-hidden="true" />}
          />
          <Counter label={klipTexts.votes.one_star} count={klip.counts.one_star} icon={<Star className="size-3.5" aria-hidden="true" />} />
          <Counter
            label={klipTexts.votes.two_stars}
            count={klip.counts.two_stars}
            icon={<Star className="size-3.5" aria-hidden="true" />}
          />
          <Counter label={klipTexts.votes.heart} count={klip.counts.heart} icon={<Heart className="size-3.5" aria-hidden="true" />} />
        </dl>
        <a href={downloadUrl(klip)} download={downloadFileName(klip)} className={buttonStyles({ variant: 'primary', size: 'lg' })}>
          <Download className="size-5" aria-hidden="true" />
          {klipTexts.download}
        </a>
        {exportable && (
          <>
            <Button variant="secondary" size="lg" onClick={() => setExportOpen(true)}>
              <FileOutput className="size-5" aria-hidden="true" />
              {exportTexts.openShort}
            </Button>
            {exportOpen && (
              <Suspense fallback={null}>
                <KlipExportDialog klip={klip} open={exportOpen} onOpenChange={setExportOpen} />
              </Suspense>
            )}
          </>
        )}
      </Card>
    </article>
  );
}

/** /share/:id, public: one public klip (or your own), or 'Image Not Found' when it is missing or private. */
export default function SharePage() {
  const { id = '' } = useParams();
  const klip = useSharedKlip(id);
  const missing = klip.error instanceof ApiError && (klip.error.status === 404 || klip.error.status === 400);

  let body: ReactNode;
  if (klip.data) body = <SharedKlip klip={klip.data} />;
  else if (missing) body = <NotFound />;
  else if (klip.isError)
    body = (
      <div className="mx-auto flex max-w-lg flex-col items-start gap-4">
        <Alert tone="error" title={klipTexts.loadFailed} className="w-full" />
        <Button variant="secondary" loading={klip.isFetching} onClick={() => void klip.refetch()}>
          {uiTexts.tryAgain}
        </Button>
      </div>
    );
  else
    body = (
      <div className="grid min-h-80 place-items-center">
        <Spinner size="lg" label={shareTexts.loading} />
      </div>
    );

  return (
    <PublicShell>
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">{body}</main>
    </PublicShell>
  );
}
