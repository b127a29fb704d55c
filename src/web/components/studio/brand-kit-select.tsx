import { Palette } from 'lucide-react';
import { useId } from 'react';
import type { BrandKitChoice } from '../../lib/brand-kits/brand-kit-choice.ts';
import { brandKitChoiceTexts } from '../../lib/texts.ts';
import { Select } from '../ui/select.tsx';

/**
 * 'Use brand kit': "No brand kit" or one of the workspace's kits (docs/product-rules.md#brand-kits).
 * Shown only when the workspace's plan has brand kits and it has a kit.
 */
export function BrandKitSelect({ choice, disabled }: { choice: BrandKitChoice; disabled?: boolean | undefined }) {
  const id = useId();
  const hintId = useId();
  if (!choice.visible) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-ink-800">
        <Palette className="size-4 text-brand-600" aria-hidden="true" />
        {brandKitChoiceTexts.label}
      </label>
      <Select
        id={id}
        value={choice.kitId ?? ''}
        placeholder={brandKitChoiceTexts.none}
        options={choice.kits.map((kit) => ({ value: kit.id, label: kit.name }))}
        onChange={(event) => choice.choose(event.target.value === '' ? null : event.target.value)}
        disabled={disabled}
        aria-describedby={hintId}
      />
      <p id={hintId} className="text-xs text-ink-500">
        {brandKitChoiceTexts.hint}
      </p>
    </div>
  );
}
