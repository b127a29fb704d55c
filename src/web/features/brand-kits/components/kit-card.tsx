import { Link } from 'react-router';
import type { BrandFont, BrandKit } from '#contracts/brand-kits.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { paths } from '#web/lib/paths.ts';
import { fontNameOf } from '../lib/font-faces.ts';
import { brandKitTexts } from '../texts.ts';

/** One kit on the list: name, Default, colours, fonts, logos, and what the caller may do with it. */
export function KitCard({
  kit,
  fonts,
  canDelete,
  onMakeDefault,
  makingDefault,
  onDelete,
}: {
  kit: BrandKit;
  fonts: readonly BrandFont[];
  canDelete: boolean;
  onMakeDefault: () => void;
  makingDefault: boolean;
  /** Called with the button that asked, to give focus back to. */
  onDelete: (opener: HTMLElement) => void;
}) {
  const headingName = fontNameOf(kit.headingFont, fonts) ?? '—';
  const bodyName = fontNameOf(kit.bodyFont, fonts) ?? '—';
  const titleId = `kit-${kit.id}`;
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-5" data-testid="brand-kit" aria-labelledby={titleId} role="group">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 text-lg font-semibold break-words text-ink-900">
            {kit.name}
          </h3>
          {kit.isDefault && <Badge tone="brand">{brandKitTexts.defaultBadge}</Badge>}
        </div>
        {kit.colors.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={brandKitTexts.colorsOf(kit.name)}>
            {kit.colors.map((color, i) => (
              <li
                key={`${color.hex}-${i}`}
                className="size-8 rounded-lg ring-1 ring-ink-900/10 ring-inset"
                style={{ backgroundColor: color.hex }}
                title={`${color.name} ${color.hex}`}
              >
                <span className="sr-only">{`${color.name} ${color.hex}`}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">{brandKitTexts.noColors}</p>
        )}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-500">{brandKitTexts.headingFontLine}</dt>
          <dd className="truncate font-medium text-ink-800">{headingName}</dd>
          <dt className="text-ink-500">{brandKitTexts.bodyFontLine}</dt>
          <dd className="truncate font-medium text-ink-800">{bodyName}</dd>
        </dl>
        {(kit.logos.light || kit.logos.dark) && (
          <div className="flex gap-2">
            {kit.logos.light && (
              <span className="grid h-12 w-20 place-items-center rounded-lg bg-white p-1.5 ring-1 ring-ink-200">
                <img
                  src={kit.logos.light.url}
                  alt={brandKitTexts.logoOf('light', kit.name)}
                  className="max-h-full max-w-full object-contain"
                />
              </span>
            )}
            {kit.logos.dark && (
              <span className="grid h-12 w-20 place-items-center rounded-lg bg-ink-900 p-1.5">
                <img
                  src={kit.logos.dark.url}
                  alt={brandKitTexts.logoOf('dark', kit.name)}
                  className="max-h-full max-w-full object-contain"
                />
              </span>
            )}
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2">
          <Link
            to={paths.brandKit(kit.id)}
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            aria-label={brandKitTexts.editKit(kit.name)}
          >
            {brandKitTexts.edit}
          </Link>
          {!kit.isDefault && (
            <Button
              variant="ghost"
              size="sm"
              loading={makingDefault}
              onClick={onMakeDefault}
              aria-label={brandKitTexts.makeDefaultOf(kit.name)}
            >
              {brandKitTexts.makeDefault}
            </Button>
          )}
          {canDelete && (
            <Button
              variant="ghost"
              size="sm"
              className="text-danger-700 hover:bg-danger-50"
              onClick={(event) => onDelete(event.currentTarget)}
              aria-label={brandKitTexts.deleteKit(kit.name)}
            >
              {brandKitTexts.delete}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
