import { Plus, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { BRAND_KIT_MAX_COLORS, type BrandColor } from '#contracts/brand-kits.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isHex } from '../lib/colors.ts';
import type { KitFormInput } from '../lib/kit-form.ts';
import { brandKitTexts } from '../texts.ts';

/**
 * Up to 8 colours, each a name, the browser's colour picker and its hex code (the two stay in step;
 * the code is checked against the contract's rule, with its message, before anything is sent).
 * Controlled by the form's values (useWatch and setValue: react-hook-form's field-array hook would
 * move into the app shell's chunk, which every signed-in page loads).
 */
export function ColorsField({
  colors,
  onChange,
  errors,
  serverError,
}: {
  colors: readonly BrandColor[];
  onChange: (colors: BrandColor[]) => void;
  errors: FieldErrors<KitFormInput>;
  serverError?: string | undefined;
}) {
  // The row just added takes focus, so the keyboard goes on naming it.
  const [added, setAdded] = useState<number | null>(null);
  // Stable, so React calls it when the new row's input mounts, not on every render.
  const focusOnMount = useCallback((el: HTMLInputElement | null) => el?.focus(), []);
  const listError = errors.colors?.root?.message ?? errors.colors?.message ?? serverError;
  const change = (i: number, patch: Partial<BrandColor>) => onChange(colors.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="kit-colors-hint">
      <legend className="text-sm font-medium text-ink-800">{brandKitTexts.colors}</legend>
      <p id="kit-colors-hint" className="text-xs text-ink-500">
        {brandKitTexts.colorsHint(BRAND_KIT_MAX_COLORS)}
      </p>
      {colors.length > 0 && (
        <ol className="flex flex-col gap-2" data-testid="kit-colors">
          {colors.map((color, i) => {
            const n = i + 1;
            const nameError = errors.colors?.[i]?.name?.message;
            const hexError = errors.colors?.[i]?.hex?.message;
            const errorId = `kit-color-${n}-error`;
            const described = nameError || hexError ? errorId : undefined;
            return (
              <li key={i} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <input
                    type="color"
                    aria-label={brandKitTexts.colorPicker(n)}
                    value={isHex(color.hex) ? color.hex.trim().toLowerCase() : '#000000'}
                    onChange={(e) => change(i, { hex: e.target.value.toUpperCase() })}
                    className="h-11 w-12 shrink-0 cursor-pointer rounded-xl border border-ink-200 bg-white p-1"
                  />
                  {/* Input is w-full and cn() does not merge classes: the wrappers size the fields. */}
                  <div className="min-w-0 flex-1 basis-32">
                    <Input
                      ref={i === added ? focusOnMount : undefined}
                      aria-label={brandKitTexts.colorName(n)}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={described}
                      maxLength={60}
                      value={color.name}
                      onChange={(e) => change(i, { name: e.target.value })}
                    />
                  </div>
                  <div className="w-28 shrink-0">
                    <Input
                      aria-label={brandKitTexts.colorHex(n)}
                      aria-invalid={hexError ? true : undefined}
                      aria-describedby={described}
                      className="font-mono uppercase"
                      spellCheck={false}
                      autoComplete="off"
                      maxLength={9}
                      value={color.hex}
                      onChange={(e) => change(i, { hex: e.target.value })}
                    />
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-11 w-11 shrink-0 px-0"
                    aria-label={brandKitTexts.removeColor(n)}
                    title={brandKitTexts.removeColor(n)}
                    onClick={() => {
                      setAdded(null);
                      onChange(colors.filter((_, j) => j !== i));
                    }}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                {described && (
                  <p id={errorId} className="text-xs font-medium text-danger-600">
                    {[nameError, hexError].filter(Boolean).join(' ')}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {listError && <p className="text-xs font-medium text-danger-600">{listError}</p>}
      {colors.length < BRAND_KIT_MAX_COLORS && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setAdded(colors.length);
              onChange([...colors, { name: brandKitTexts.defaultColorName(colors.length + 1), hex: '#000000' }]);
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            {brandKitTexts.addColor}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
