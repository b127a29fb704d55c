import { Sparkles } from 'lucide-react';
import { IMAGE_COST } from '../../../../contracts/generation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { variationsCost } from '../lib/generate-rules.ts';
import { VariationCountPicker } from './variation-count-picker.tsx';
import { imageStudioTexts } from '../texts.ts';
import { studioTexts } from '../../../lib/texts.ts';

/**
 * The image editor's Generate: how many variations, the button labelled with their whole cost
 * ('Generate 4 — 4 credits'), why it is disabled, and the red error banner.
 */
export function ImageGeneratePanel({
  count,
  onCountChange,
  credits,
  generating,
  blocker,
  error,
  onGenerate,
}: {
  count: number;
  onCountChange: (count: number) => void;
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
      <VariationCountPicker value={count} onChange={onCountChange} disabled={generating} />
      {error && (
        <Alert tone="error" title={imageStudioTexts.notGenerated}>
          {error}
        </Alert>
      )}
      <Button size="lg" className="w-full" onClick={onGenerate} disabled={blocker !== null} loading={generating}>
        {!generating && <Sparkles className="size-[18px]" aria-hidden="true" />}
        {generating ? studioTexts.generating : imageStudioTexts.generateLabel(count, variationsCost(count))}
      </Button>
      <p className="text-center text-xs text-ink-500">
        {hint ?? (credits === undefined ? studioTexts.eachCosts('image', IMAGE_COST) : studioTexts.youHave(credits))}
      </p>
    </div>
  );
}
