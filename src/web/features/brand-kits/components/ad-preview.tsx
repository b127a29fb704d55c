import type { CSSProperties } from 'react';
import type { BrandFont, BrandKit, FontChoice } from '#contracts/brand-kits.ts';
import { isDark, isHex, textOn } from '../lib/colors.ts';
import { fontStackOf, useKitFonts } from '../lib/font-faces.ts';
import { brandKitTexts } from '../texts.ts';

const NEUTRAL_MAIN = '#111827';

/** A shape of the product shot, centred horizontally. */
const shape = (style: CSSProperties): CSSProperties => ({ position: 'absolute', left: '50%', transform: 'translateX(-50%)', ...style });
const NEUTRAL_BACKGROUND = '#F4F1EC';

/**
 * A sample ad in the kit as it is being edited: the first colour for the headline and the button,
 * the second for the background, the heading and body fonts (loaded through the FontFace API), and
 * the logo that suits the background (the light one on a light background, the dark one on a dark).
 */
export function AdPreview({
  colors,
  headingFont,
  bodyFont,
  fonts,
  logos,
}: {
  colors: readonly { hex: string }[];
  headingFont: FontChoice;
  bodyFont: FontChoice;
  fonts: readonly BrandFont[];
  logos: BrandKit['logos'] | null;
}) {
  useKitFonts([headingFont, bodyFont], fonts);
  const valid = colors.map((c) => c.hex.trim()).filter(isHex);
  const main = valid[0] ?? NEUTRAL_MAIN;
  const background = valid[1] ?? NEUTRAL_BACKGROUND;
  const dark = isDark(background);
  const ink = textOn(background);
  const headline = isDark(main) === dark ? ink : main;
  const logo = dark ? (logos?.dark ?? logos?.light) : (logos?.light ?? logos?.dark);

  return (
    <figure
      className="overflow-hidden rounded-[var(--radius-card)] shadow-[var(--shadow-card)] ring-1 ring-ink-900/10"
      style={{ backgroundColor: background, color: ink }}
      aria-label={brandKitTexts.previewAd}
      data-testid="ad-preview"
    >
      <div className="flex items-center justify-between px-5 pt-4">
        {logo ? (
          <img src={logo.url} alt={brandKitTexts.previewLogo} className="h-8 max-w-32 object-contain" />
        ) : (
          <span className="h-8" aria-hidden="true" />
        )}
      </div>
      {/* A product shot stand-in: a bottle on a plinth under soft light, drawn in inline styles (one-off
          shapes: as utility classes they would grow the stylesheet every page loads). */}
      <div
        className="relative mx-5 mt-3 overflow-hidden rounded-xl"
        style={{ aspectRatio: '4 / 3' }}
        role="img"
        aria-label={brandKitTexts.previewProduct}
      >
        <div
          className="absolute inset-0"
          style={{ background: `radial-gradient(circle at 50% 35%, #ffffff 0%, ${dark ? '#d6d3d1' : '#e7e5e4'} 70%)` }}
        />
        <div
          style={shape({
            bottom: '14%',
            width: '46%',
            height: '10%',
            borderRadius: '50%',
            background: 'rgb(0 0 0 / 0.15)',
            filter: 'blur(3px)',
          })}
        />
        <div style={shape({ bottom: '18%', width: '40%', height: '12%', borderRadius: 6, background: '#d6d3d1' })} />
        <div
          style={shape({
            bottom: '29%',
            width: '20%',
            height: '46%',
            borderRadius: '40% 40% 6px 6px',
            background: `linear-gradient(100deg, ${main} 0%, ${main} 55%, #ffffff55 62%, ${main} 75%)`,
            boxShadow: '0 10px 15px -3px rgb(0 0 0 / 0.2)',
          })}
        />
        <div style={shape({ bottom: '74%', width: '9%', height: '7%', borderRadius: '2px 2px 0 0', background: '#44403c' })} />
      </div>
      <figcaption className="flex flex-col gap-2 px-5 pt-4 pb-5">
        <p className="text-3xl font-bold" style={{ fontFamily: fontStackOf(headingFont), color: headline, lineHeight: 1.15 }}>
          {brandKitTexts.previewHeadline}
        </p>
        <p className="text-sm leading-relaxed" style={{ fontFamily: fontStackOf(bodyFont) }}>
          {brandKitTexts.previewSubline}
        </p>
        <span
          className="mt-2 inline-flex h-10 items-center self-start rounded-full px-5 text-sm font-semibold"
          style={{ backgroundColor: main, color: textOn(main), fontFamily: fontStackOf(bodyFont) }}
        >
          {brandKitTexts.previewCta}
        </span>
      </figcaption>
    </figure>
  );
}
