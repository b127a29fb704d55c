import { Plus, X } from 'lucide-react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { BRAND_KIT_MAX_COLORS } from '#contracts/brand-kits.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isHex } from '../lib/colors.ts';
import type { KitFormInput } from '../lib/kit-form.ts';
import { brandKitTexts } from '../texts.ts';

/**
 * Up to 8 colours, each a name, the browser's colour picker and its hex code (the two stay in step;
 * the code is checked against the contract's rule, with its message, before anything is sent).
 */
export function ColorsField({
  control,
  register,
  setValue,
  errors,
  serverError,
}: {
  control: Control<KitFormInput>;
  register: UseFormRegister<KitFormInput>;
  setValue: UseFormSetValue<KitFormInput>;
  errors: FieldErrors<KitFormInput>;
  serverError?: string | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'colors' });
  const colors = useWatch({ control, name: 'colors' }) ?? [];
  const listError = errors.colors?.root?.message ?? errors.colors?.message ?? serverError;

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="kit-colors-hint">
      <legend className="text-sm font-medium text-ink-800">{brandKitTexts.colors}</legend>
      <p id="kit-colors-hint" className="-mt-1 text-xs text-ink-500">
        {brandKitTexts.colorsHint(BRAND_KIT_MAX_COLORS)}
      </p>
      {fields.length > 0 && (
        <ol className="flex flex-col gap-2" data-testid="kit-colors">
          {fields.map((field, i) => {
            const n = i + 1;
            const hex = colors[i]?.hex ?? '';
            const nameError = errors.colors?.[i]?.name?.message;
            const hexError = errors.colors?.[i]?.hex?.message;
            const errorId = `kit-color-${field.id}-error`;
            return (
              <li key={field.id} className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <input
                    type="color"
                    aria-label={brandKitTexts.colorPicker(n)}
                    value={isHex(hex) ? hex.trim().toLowerCase() : '#000000'}
                    onChange={(e) =>
                      setValue(`colors.${i}.hex`, e.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: Boolean(hexError) })
                    }
                    className="h-11 w-12 shrink-0 cursor-pointer rounded-xl border border-ink-200 bg-white p-1"
                  />
                  <Input
                    aria-label={brandKitTexts.colorName(n)}
                    aria-invalid={nameError ? true : undefined}
                    aria-describedby={nameError || hexError ? errorId : undefined}
                    className="min-w-0 flex-1 basis-32"
                    maxLength={60}
                    {...register(`colors.${i}.name`)}
                  />
                  <Input
                    aria-label={brandKitTexts.colorHex(n)}
                    aria-invalid={hexError ? true : undefined}
                    aria-describedby={nameError || hexError ? errorId : undefined}
                    className="w-28 shrink-0 font-mono uppercase"
                    spellCheck={false}
                    autoComplete="off"
                    maxLength={9}
                    {...register(`colors.${i}.hex`)}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-11 w-11 shrink-0 px-0"
                    aria-label={brandKitTexts.removeColor(n)}
                    title={brandKitTexts.removeColor(n)}
                    onClick={() => remove(i)}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
                {(nameError || hexError) && (
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
      {fields.length < BRAND_KIT_MAX_COLORS && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => append({ name: brandKitTexts.defaultColorName(fields.length + 1), hex: '#000000' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {brandKitTexts.addColor}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
