import { Check } from 'lucide-react';
import { imageGenerationSteps, type GenerationJob } from '#contracts/generation.ts';
import { cn } from '#web/lib/cn.ts';
import { progressPercent } from '#web/lib/generation/job-status.ts';
import { imageStudioTexts } from '../texts.ts';

/**
 * Live progress of a running job: the job's progress and step label, and the three steps (left out
 * when `compact`, for a variation's tile).
 */
export function GenerationProgress({ job, compact = false }: { job: GenerationJob | null; compact?: boolean }) {
  const percent = job ? progressPercent(job) : 0;
  // A variation held back until a worker is free waits like a queued job.
  const notStarted = !job || job.status === 'queued' || job.status === 'waiting';
  const label = job?.stepLabel || (notStarted ? 'Starting' : 'Generating');
  const step = notStarted ? 0 : Math.max(0, Math.min(imageGenerationSteps.length - 1, job.step));
  return (
    <div className="flex w-full max-w-xs flex-col items-center text-center">
      <span aria-hidden="true" className={cn('relative grid place-items-center', compact ? 'size-10' : 'size-14')}>
        <span className="absolute inset-0 animate-spin rounded-full border-[3px] border-brand-200 border-t-brand-600 [animation-duration:1.1s]" />
        <span className="size-6 rounded-lg bg-gradient-to-br from-brand-500 to-accent-500 shadow-sm" />
      </span>
      <p className={cn('font-semibold text-ink-900', compact ? 'mt-3 text-sm' : 'mt-4 text-base')}>{imageStudioTexts.creating}</p>
      <p className="mt-0.5 text-sm text-ink-600" aria-live="polite">
        {label}… {percent}%
      </p>
      <div
        role="progressbar"
        aria-label={imageStudioTexts.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label}, ${percent}%`}
        className="mt-4 h-2 w-full overflow-hidden rounded-full bg-ink-200"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-600 to-accent-500 transition-[width] duration-500 ease-out"
          style={{ width: `${Math.max(percent, 4)}%` }}
        />
      </div>
      {!compact && (
        <ol className="mt-4 flex w-full justify-between gap-2 text-xs">
          {imageGenerationSteps.map((name, i) => (
            <li
              key={name}
              className={cn(
                'flex items-center gap-1',
                i < step ? 'text-green-700' : i === step ? 'font-semibold text-brand-700' : 'text-ink-400',
              )}
            >
              {i < step ? (
                <Check className="size-3.5" aria-hidden="true" strokeWidth={3} />
              ) : (
                <span aria-hidden="true" className={cn('size-1.5 rounded-full', i === step ? 'bg-brand-600' : 'bg-ink-300')} />
              )}
              {name}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
