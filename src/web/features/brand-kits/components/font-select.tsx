import type { Ref, SelectHTMLAttributes } from 'react';
import type { BrandFont } from '#contracts/brand-kits.ts';
import { catalogFonts } from '#contracts/brand-fonts.ts';
import { controlStyles } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { fontStackOf, loadAllFonts } from '../lib/font-faces.ts';
import { fontValue } from '../lib/kit-form.ts';
import { brandKitTexts } from '../texts.ts';

/**
 * A native select of the catalogue fonts and the workspace's uploaded ones, each option drawn in its
 * own font (where the platform draws options with CSS; the sample under the field always is). The
 * fonts are fetched the first time the picker is used, not before.
 */
export function FontSelect({
  fonts,
  className,
  ref,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { fonts: readonly BrandFont[]; ref?: Ref<HTMLSelectElement> }) {
  const loadOnce = () => loadAllFonts(fonts);
  return (
    <div className={cn('relative', className)}>
      <select ref={ref} className={cn(controlStyles, 'h-11 appearance-none pr-10')} onFocus={loadOnce} onPointerDown={loadOnce} {...rest}>
        <optgroup label={brandKitTexts.catalogGroup}>
          {catalogFonts.map((font) => {
            const choice = { kind: 'catalog', id: font.id } as const;
            return (
              <option key={font.id} value={fontValue(choice)} style={{ fontFamily: fontStackOf(choice) }}>
                {brandKitTexts.fontOption(font.family, brandKitTexts.categories[font.category])}
              </option>
            );
          })}
        </optgroup>
        {fonts.length > 0 && (
          <optgroup label={brandKitTexts.uploadedGroup}>
            {fonts.map((font) => {
              const choice = { kind: 'uploaded', id: font.id } as const;
              return (
                <option key={font.id} value={fontValue(choice)} style={{ fontFamily: fontStackOf(choice) }}>
                  {font.family}
                </option>
              );
            })}
          </optgroup>
        )}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-ink-500"
      >
        <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}
