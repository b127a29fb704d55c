import { IMAGE_COST } from '#contracts/generation.ts';
import { GeneratePanel } from '#web/components/studio/generate-panel.tsx';
import { variationsCost } from '../lib/generate-rules.ts';
import { VariationCountPicker } from './variation-count-picker.tsx';
import { imageStudioTexts } from '../texts.ts';

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
  return (
    <GeneratePanel
      noun="image"
      cost={IMAGE_COST}
      label={imageStudioTexts.generateLabel(count, variationsCost(count))}
      credits={credits}
      generating={generating}
      blocker={blocker}
      error={error}
      onGenerate={onGenerate}
    >
      <VariationCountPicker value={count} onChange={onCountChange} disabled={generating} />
    </GeneratePanel>
  );
}
