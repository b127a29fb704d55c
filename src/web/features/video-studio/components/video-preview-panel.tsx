import { Download, ExternalLink, Film, RefreshCw } from 'lucide-react';
import type { Klip } from '#contracts/klips.ts';
import type { VideoEffect } from '#contracts/video-effects.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import { LocalPreviewBadge } from '#web/components/klips/local-preview-badge.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { downloadFileName, downloadUrl } from '#web/lib/klips/download-name.ts';
import { VideoProgress } from './video-progress.tsx';
import { videoStudioTexts } from '../texts.ts';

const attribute = (klip: Klip, name: string) => klip.attributes.find((a) => a.name === name)?.value;

/** The right column: the finished video (or progress, or the empty state) and its actions. */
export function VideoPreviewPanel({
  klip,
  generating,
  job,
  succeeded,
  canRegenerate,
  onRegenerate,
  onPlay,
}: {
  klip: Klip | null;
  generating: boolean;
  job: GenerationJob | null;
  /** Shows 'Video generated successfully!' (for 5 s after a video arrives). */
  succeeded: string | null;
  canRegenerate: boolean;
  onRegenerate: () => void;
  onPlay: () => void;
}) {
  const effect = klip ? (attribute(klip, 'effect') as VideoEffect | undefined) : undefined;
  const length = klip ? attribute(klip, 'video_length') : undefined;
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 px-4 py-3 sm:px-5">
        <h2 className="text-[15px] font-semibold text-ink-900">{videoStudioTexts.preview}</h2>
        {effect && (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
            {videoStudioTexts.effectNames[effect] ?? effect}
          </span>
        )}
      </div>
      {succeeded && (
        <div className="px-4 pt-4 sm:px-5">
          <Alert tone="success">{succeeded}</Alert>
        </div>
      )}
      <div
        className={cn(
          'relative grid place-items-center',
          klip ? 'overflow-hidden bg-ink-100' : 'min-h-80 bg-gradient-to-b from-white to-ink-50 lg:min-h-[30rem]',
          klip && succeeded && 'mt-4',
        )}
      >
        {klip ? (
          <div className="relative w-full">
            {/* A video of another shape than the panel sits on its own poster, blurred: colour to the edges, never dark bars. */}
            {klip.posterUrl && (
              <img
                src={klip.posterUrl}
                alt=""
                aria-hidden="true"
                className="absolute inset-0 size-full scale-110 object-cover opacity-70 blur-2xl"
                data-testid="video-backdrop"
              />
            )}
            <video
              key={klip.id}
              src={klip.imageUrl}
              poster={klip.posterUrl ?? undefined}
              width={klip.width ?? undefined}
              height={klip.height ?? undefined}
              aria-label={videoStudioTexts.generatedVideo(klip.prompt)}
              className="relative mx-auto block h-auto max-h-[68dvh] w-auto max-w-full"
              controls
              autoPlay
              muted
              loop
              playsInline
              data-testid="video-preview"
            />
            {klip.source === 'local' && (
              <div className="absolute top-3 left-3">
                <LocalPreviewBadge />
              </div>
            )}
          </div>
        ) : (
          !generating && (
            <div className="flex flex-col items-center px-6 py-10 text-center">
              <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand-100 to-accent-100 text-brand-700">
                <Film className="size-8" aria-hidden="true" />
              </span>
              <p className="mt-5 text-lg font-semibold text-ink-900">{videoStudioTexts.emptyTitle}</p>
              <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-ink-600">{videoStudioTexts.emptyHint}</p>
            </div>
          )
        )}
        {generating && (
          <div
            className={cn(
              'grid w-full place-items-center px-6 py-12',
              klip ? 'absolute inset-0 bg-white/90 backdrop-blur-sm' : 'min-h-80 lg:min-h-[30rem]',
            )}
          >
            <VideoProgress job={job} onPlay={onPlay} />
          </div>
        )}
      </div>
      {klip && (
        <div className="flex flex-col gap-3 border-t border-ink-100 px-4 py-4 sm:px-5">
          <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
            <Button variant="secondary" size="sm" onClick={onRegenerate} disabled={!canRegenerate || generating}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {videoStudioTexts.regenerate}
            </Button>
            <a href={downloadUrl(klip)} download={downloadFileName(klip)} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
              <Download className="size-4" aria-hidden="true" />
              {videoStudioTexts.downloadMp4}
            </a>
            <a
              href={klip.imageUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              <ExternalLink className="size-4" aria-hidden="true" />
              {videoStudioTexts.fullSize}
              <span className="sr-only">{videoStudioTexts.opensInNewTab}</span>
            </a>
          </div>
          <div className="text-xs text-ink-500">
            <p className="line-clamp-2 text-sm text-ink-700" title={klip.prompt}>
              {klip.prompt}
            </p>
            <p className="mt-1">
              {klip.modelName}
              {length ? videoStudioTexts.lengthDetail(length) : ''}
              {klip.width && klip.height ? videoStudioTexts.sizeDetail(klip.width, klip.height) : ''}
            </p>
          </div>
        </div>
      )}
    </Card>
  );
}
