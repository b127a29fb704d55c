import { Sparkles } from 'lucide-react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { generateLabel } from '../lib/generate-rules.ts';

/** The Generate button labelled with its cost, why it is disabled, and the red error banner. */
export function GeneratePanel({
  cost,
  credits,
  generating,
  blocker,
  error,
  onGenerate,
}: {
  cost: number;
  credits: number | undefined;
  generating: boolean;
  /** Why Generate is disabled; null when it is enabled. */
  blocker: string | null;
  error: string | null;
  onGenerate: () => void;
}) {
  const hint = generating ? null : blocker;
  return (
    <div className="flex flex-col gap-3">
      {error && (
        <Alert tone="error" title="Image not generated">
          {error}
        </Alert>
      )}
      <Button size="lg" className="w-full" onClick={onGenerate} disabled={blocker !== null} loading={generating}>
        {!generating && <Sparkles className="size-[18px]" aria-hidden="true" />}
        {generating ? 'Generating...' : generateLabel(cost)}
      </Button>
      <p className="text-center text-xs text-ink-500">
        {hint ??
          (credits === undefined
            ? `Each image costs ${cost} credit${cost === 1 ? '' : 's'}.`
            : `You have ${credits} credit${credits === 1 ? '' : 's'} · failed generations are refunded`)}
      </p>
    </div>
  );
}
