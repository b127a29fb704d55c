import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  VIDEO_COST,
  videoGenerationSteps,
  videoMessages,
  type CreateVideoGenerationInput,
  type GenerationJob,
} from '#contracts/generation.ts';
import type { Klip } from '#contracts/klips.ts';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../lib/paths.ts';
import { useMe } from '../../lib/session/me.ts';
import { GeneratePanel } from '../../components/studio/generate-panel.tsx';
import { SectionHeading } from '../../components/studio/section-heading.tsx';
import { UploadBox } from '../../components/studio/upload-box.tsx';
import { useGeneration, type GenerationSource } from '../../lib/generation/use-generation.ts';
import { useUploadSlot } from '../../lib/uploads/use-upload-slot.ts';
import { startVideoGeneration } from './api/create-video-generation.ts';
import { BrandKitSelect } from '#web/components/studio/brand-kit-select.tsx';
import { brandKitField, useBrandKitChoice } from '#web/lib/brand-kits/brand-kit-choice.ts';
import { RewriteSubjectDialog } from './components/rewrite-subject-dialog.tsx';
import { SubjectInput } from './components/subject-input.tsx';
import { VideoInspirationModal } from './components/video-inspiration-modal.tsx';
import { VideoPreviewPanel } from './components/video-preview-panel.tsx';
import { videoStep } from './components/video-progress.tsx';
import { VideoSettingsFields } from './components/video-settings-fields.tsx';
import { LoadingGameDialog } from './game/loading-game-dialog.tsx';
import { useWaitingGame } from './game/use-waiting-game.ts';
import { videoCreditsError, videoGenerateBlocker } from './lib/video-generate-rules.ts';
import { defaultVideoSettings, settingsOfJob, videoRequest, type VideoEditorSettings } from './lib/video-settings.ts';
import { videoStudioTexts } from './texts.ts';
import { shellTexts } from '../../lib/texts.ts';

/** How long 'Video generated successfully!' stays (docs/product-rules.md#lists-and-timers). */
export const VIDEO_SUCCESS_MS = 5_000;

const videoSource: GenerationSource<CreateVideoGenerationInput> = {
  key: 'video-studio',
  start: startVideoGeneration,
  kind: 'video',
  failedFallback: videoMessages.failedFallback,
};

/** A finished job's settings as a request: what Regenerate sends again. */
function requestOfJob(job: GenerationJob): CreateVideoGenerationInput | null {
  return job.video ? videoRequest(settingsOfJob(job)!, job.video.referenceUploadId) : null;
}

/** /create/video: the video editor. */
export default function CreateVideoPage() {
  const [settings, setSettings] = useState<VideoEditorSettings>(defaultVideoSettings);
  const reference = useUploadSlot();
  const { data: me } = useMe();
  const [klip, setKlip] = useState<Klip | null>(null);
  const [lastRequest, setLastRequest] = useState<CreateVideoGenerationInput | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [inspiring, setInspiring] = useState(false);
  const [rewriting, setRewriting] = useState(false);
  /** A job already finished when the page opened: shown again, but not announced as new. */
  const shownAgain = useRef<string | null>(null);
  const ids = useId();
  const brandKit = useBrandKitChoice();

  const onSucceeded = useCallback((job: GenerationJob, request: CreateVideoGenerationInput | undefined) => {
    if (!job.klip) return;
    setKlip(job.klip);
    setLastRequest(request ?? requestOfJob(job));
    if (shownAgain.current !== job.id) setSucceeded(true);
  }, []);
  const onResumed = useCallback((job: GenerationJob) => {
    const restored = settingsOfJob(job);
    if (restored) setSettings(restored);
    if (job.status === 'succeeded') shownAgain.current = job.id;
  }, []);
  const generation = useGeneration<CreateVideoGenerationInput>({ onSucceeded, onResumed, showFinishedLatest: true }, videoSource);
  const game = useWaitingGame(generation.isGenerating);

  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => setSucceeded(false), VIDEO_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const blocker = videoGenerateBlocker({
    subject: settings.subject,
    generating: generation.isGenerating,
    hasReference: reference.status === 'ready',
    uploading: reference.status === 'uploading',
  });

  const send = (request: CreateVideoGenerationInput) => {
    const credits = videoCreditsError(me?.credits);
    if (credits) return generation.showError(credits);
    setSucceeded(false);
    game.started();
    generation.start(request);
  };

  const generate = () => {
    if (blocker || !reference.upload) return;
    send({ ...videoRequest(settings, reference.upload.id), ...brandKitField(brandKit.kitId) });
  };

  const regenerate = () => {
    if (!lastRequest || generation.isGenerating) return;
    setSettings({
      subject: lastRequest.subject,
      effect: lastRequest.effect,
      videoLength: lastRequest.videoLength ?? defaultVideoSettings.videoLength,
      resolution: lastRequest.resolution ?? defaultVideoSettings.resolution,
      steps: lastRequest.steps ?? defaultVideoSettings.steps,
    });
    send(lastRequest);
  };

  const patch = (next: Partial<VideoEditorSettings>) => setSettings((s) => ({ ...s, ...next }));
  /** What the game's header says: where the video stands, then how it ended. */
  const status = generation.isGenerating
    ? videoGenerationSteps[videoStep(generation.job)]!.message
    : (generation.error ?? (klip ? videoStudioTexts.succeeded : undefined));

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <title>{shellTexts.pageTitle(videoStudioTexts.pageTitle)}</title>
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {shellTexts.backToDashboard}
      </Link>
      <div className="mt-3">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{videoStudioTexts.title}</h1>
        <p className="mt-1 text-ink-600">{videoStudioTexts.subtitle}</p>
      </div>

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <Card className="flex flex-col divide-y divide-ink-100">
          <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-reference`}>
            <SectionHeading step={1} id={`${ids}-reference`}>
              {videoStudioTexts.referenceSection}
            </SectionHeading>
            <UploadBox label={videoStudioTexts.referenceImage} required slot={reference} />
          </section>

          <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-subject`}>
            <SectionHeading step={2} id={`${ids}-subject`}>
              {videoStudioTexts.describeSection}
            </SectionHeading>
            <SubjectInput
              id={`${ids}-subject-input`}
              value={settings.subject}
              onChange={(subject) => patch({ subject })}
              onInspire={() => setInspiring(true)}
              onRewrite={() => setRewriting(true)}
              brandKitId={brandKit.kitId}
            />
            <BrandKitSelect choice={brandKit} disabled={generation.isGenerating} />
          </section>

          <section className="flex flex-col gap-3 p-4 sm:p-5" aria-labelledby={`${ids}-effect`}>
            <SectionHeading step={3} id={`${ids}-effect`}>
              {videoStudioTexts.effectSection}
            </SectionHeading>
            <VideoSettingsFields settings={settings} onChange={patch} />
          </section>

          <div className="p-4 sm:p-5">
            <GeneratePanel
              noun="video"
              cost={VIDEO_COST}
              credits={me?.credits}
              generating={generation.isGenerating}
              blocker={blocker}
              error={generation.error}
              onGenerate={generate}
            />
          </div>
        </Card>

        <div className="lg:sticky lg:top-22">
          <VideoPreviewPanel
            klip={klip}
            generating={generation.isGenerating}
            job={generation.job}
            succeeded={succeeded ? videoStudioTexts.succeeded : null}
            canRegenerate={lastRequest !== null}
            onRegenerate={regenerate}
            onPlay={game.play}
          />
        </div>
      </div>

      <VideoInspirationModal open={inspiring} onOpenChange={setInspiring} onUse={({ subject, effect }) => patch({ subject, effect })} />
      <RewriteSubjectDialog
        open={rewriting}
        onOpenChange={setRewriting}
        subject={settings.subject}
        onRewritten={(subject) => patch({ subject })}
        brandKitId={brandKit.kitId}
      />
      <LoadingGameDialog
        open={game.open}
        onOpenChange={game.onOpenChange}
        finished={!generation.isGenerating}
        {...(status ? { statusText: status } : {})}
      />
    </main>
  );
}
