import { Check, ChevronDown } from 'lucide-react';
import { Select as S } from 'radix-ui';
import type { BrandFont, FontChoice } from '#contracts/brand-kits.ts';
import { catalogFonts } from '#contracts/brand-fonts.ts';
import { controlStyles } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { fontNameOf, fontStackOf, loadAllFonts } from '../lib/font-faces.ts';
import { fontChoiceOf, fontValue } from '../lib/kit-form.ts';
import { brandKitTexts } from '../texts.ts';

const itemStyles =
  'relative flex min-h-10 cursor-default items-center rounded-lg py-2 pr-3 pl-8 text-[15px] text-ink-900 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

function FontItem({ choice, name, detail }: { choice: FontChoice; name: string; detail?: string }) {
  return (
    <S.Item value={fontValue(choice)} className={itemStyles} textValue={name}>
      <S.ItemIndicator className="absolute left-2.5 inline-flex">
        <Check className="size-4 text-brand-700" aria-hidden="true" />
      </S.ItemIndicator>
      <S.ItemText>
        <span style={{ fontFamily: fontStackOf(choice) }}>{name}</span>
      </S.ItemText>
      {detail && <span className="ml-auto pl-3 text-xs text-ink-500">{detail}</span>}
    </S.Item>
  );
}

/**
 * A font picker (Radix Select: a listbox with arrow keys, type-ahead, Escape, focus back to the
 * button): the catalogue fonts and the workspace's uploaded ones, each option drawn in its own font.
 * The font files are fetched the first time the list opens, not before. Field gives it its id and
 * aria attributes; the button carries them.
 */
export function FontSelect({
  fonts,
  value,
  onChange,
  onBlur,
  id,
  ...aria
}: {
  fonts: readonly BrandFont[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const chosen = fontChoiceOf(value);
  return (
    <S.Root
      value={value}
      onValueChange={onChange}
      onOpenChange={(open) => {
        if (open) loadAllFonts(fonts);
        else onBlur?.();
      }}
    >
      <S.Trigger id={id} {...aria} className={cn(controlStyles, 'flex h-11 items-center justify-between gap-2 text-left')}>
        <span className="truncate" style={{ fontFamily: fontStackOf(chosen) }}>
          <S.Value>{fontNameOf(chosen, fonts) ?? value}</S.Value>
        </span>
        <S.Icon asChild>
          <ChevronDown className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] min-w-56 overflow-hidden rounded-xl border border-ink-200 bg-white shadow-[var(--shadow-pop)]"
        >
          <S.Viewport className="p-1">
            <S.Group>
              <S.Label className="px-3 pt-2 pb-1 text-xs font-semibold text-ink-500">{brandKitTexts.catalogGroup}</S.Label>
              {catalogFonts.map((font) => (
                <FontItem
                  key={font.id}
                  choice={{ kind: 'catalog', id: font.id }}
                  name={font.family}
                  detail={brandKitTexts.categories[font.category]}
                />
              ))}
            </S.Group>
            {fonts.length > 0 && (
              <S.Group>
                <S.Label className="px-3 pt-3 pb-1 text-xs font-semibold text-ink-500">{brandKitTexts.uploadedGroup}</S.Label>
                {fonts.map((font) => (
                  <FontItem key={font.id} choice={{ kind: 'uploaded', id: font.id }} name={font.family} />
                ))}
              </S.Group>
            )}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
