import { Check, Gamepad2 } from 'lucide-react';
import { videoGenerationSteps, videoProgressPercent, type GenerationJob } from '#contracts/generation.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { videoStudioTexts } from '../texts.ts';

/** Where a video job stands: step 0 until the server says otherwise. */
export function videoStep(job: GenerationJob | null): number {
  if (!job) return 0;
  if (job.status === 'succeeded') return videoGenerationSteps.length - 1;
  return Math.max(0, Math.min(videoGenerationSteps.length - 1, job.step));
}

/**
 * The spec's five steps with the current step's message and a bar (step+1)×20 % wide, driven by
 * the job's state on the server (Server-Sent Events), never by a timer.
 */
export function VideoProgress({ job, onPlay }: { job: GenerationJob | null; onPlay: () => void }) {
  const step = videoStep(job);
  const percent = videoProgressPercent(step);
  const current = videoGenerationSteps[step]!;
  return (
    <div className="flex w-full max-w-sm flex-col items-center text-center">
      <span aria-hidden="true" className="relative grid size-14 place-items-center">
        <span className="absolute inset-0 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-600 [animation-duration:1.1s]" />
        <span className="size-6 rounded-lg bg-gradient-to-br from-brand-500 to-accent-500 shadow-sm" />
      </span>
      <p className="mt-4 text-base font-semibold text-ink-900">{videoStudioTexts.creating}</p>
      <p className="mt-0.5 text-sm text-ink-600" aria-live="polite">
        {current.message}
      </p>
      <div
        role="progressbar"
        aria-label={videoStudioTexts.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={videoStudioTexts.progressStep(current.label, step + 1, videoGenerationSteps.length)}
        className="mt-4 h-2 w-full overflow-hidden rounded-full bg-ink-200"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-500 ease-out"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="mt-4 grid w-full grid-cols-5 gap-1 text-[11px] sm:text-xs">
        {videoGenerationSteps.map((s, i) => (
          <li
            key={s.key}
            aria-current={i === step ? 'step' : undefined}
            className={cn(
              'flex flex-col items-center gap-1',
              i < step ? 'text-green-700' : i === step ? 'font-semibold text-brand-700' : 'text-ink-500',
            )}
          >
            {i < step ? (
              <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
            ) : (
              <span aria-hidden="true" className={cn('my-1 size-1.5 rounded-full', i === step ? 'bg-brand-600' : 'bg-ink-300')} />
            )}
            {/* On a phone only the current step is named: five labels do not fit side by side. */}
            <span className={cn(i !== step && 'max-[480px]:sr-only')}>{s.label}</span>
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="sm" className="mt-5" onClick={onPlay}>
        <Gamepad2 className="size-4" aria-hidden="true" />
        {videoStudioTexts.playWhileWaiting}
      </Button>
    </div>
  );
}
