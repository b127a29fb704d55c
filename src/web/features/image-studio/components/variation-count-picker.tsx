import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { MAX_VARIATIONS } from '#contracts/generation.ts';
import { imageStudioTexts } from '../texts.ts';

const counts = Array.from({ length: MAX_VARIATIONS }, (_, i) => i + 1);

/** How many variations Generate asks for: a segmented radio group (arrow keys move). */
export function VariationCountPicker({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (count: number) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <span id={labelId} className="text-sm font-semibold text-ink-800">
        {imageStudioTexts.countLabel}
      </span>
      <RadioGroup.Root
        value={String(value)}
        onValueChange={(v) => onChange(Number(v))}
        aria-labelledby={labelId}
        orientation="horizontal"
        disabled={disabled}
        className="inline-flex gap-1 rounded-xl bg-ink-100 p-1"
      >
        {counts.map((n) => (
          <RadioGroup.Item
            key={n}
            value={String(n)}
            aria-label={imageStudioTexts.variationCount(n)}
            className="h-9 min-w-10 rounded-lg px-2 text-sm font-semibold text-ink-600 tabular-nums transition-colors hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:pointer-events-none disabled:opacity-50 data-[state=checked]:bg-white data-[state=checked]:text-ink-900 data-[state=checked]:shadow-sm"
          >
            {n}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
