import type { ReactNode } from 'react';
import type { AdLayoutId } from '#contracts/ad-formats.ts';

/** Blocks of a sketch: the headline, a line of text, the button, the price, the logo. */
const bar = (className: string) => <span className={`absolute rounded-sm ${className}`} />;
const headline = (className: string) => bar(`h-1.5 bg-ink-800 ${className}`);
const line = (className: string) => bar(`h-1 bg-ink-400 ${className}`);
const button = (className: string) => bar(`h-2 rounded-full bg-brand-600 ${className}`);
const logo = (className: string) => bar(`size-2.5 rounded-full bg-ink-700 ${className}`);

const sketches: Record<AdLayoutId, ReactNode> = {
  'bottom-bar': (
    <>
      {bar('inset-x-0 bottom-0 h-[34%] rounded-none bg-white/90')}
      {headline('bottom-[20%] left-[8%] w-[55%]')}
      {line('bottom-[11%] left-[8%] w-[40%]')}
      {button('right-[8%] bottom-[12%] w-[22%]')}
    </>
  ),
  'price-badge': (
    <>
      {bar('top-[8%] right-[8%] size-7 rounded-full bg-brand-600')}
      {headline('bottom-[10%] left-[8%] w-[60%]')}
    </>
  ),
  'sale-banner': (
    <>
      {bar('inset-x-0 top-[10%] h-[22%] rounded-none bg-brand-600')}
      {headline('top-[15%] left-[15%] w-[70%] bg-white')}
      {line('top-[24%] left-[25%] w-[50%] bg-white/80')}
      {button('bottom-[10%] left-[35%] w-[30%]')}
    </>
  ),
  quote: (
    <>
      {bar('inset-[12%] rounded-md bg-white/85')}
      {headline('top-[35%] left-[20%] w-[60%]')}
      {line('top-[50%] left-[28%] w-[44%]')}
    </>
  ),
  'logo-corner': logo('right-[8%] bottom-[8%]'),
  story: (
    <>
      {logo('top-[16%] left-[10%]')}
      {headline('bottom-[40%] left-[10%] w-[65%]')}
      {line('bottom-[34%] left-[10%] w-[50%]')}
      {bar('bottom-[24%] left-[10%] h-2 w-[22%] bg-brand-600')}
      {button('bottom-[24%] right-[10%] w-[30%]')}
    </>
  ),
};

/** A small drawing of where a layout puts its texts, button and logo over the product shot. */
export function AdLayoutSketch({ layout }: { layout: AdLayoutId }) {
  return (
    <span
      aria-hidden="true"
      className="relative block aspect-[4/3] w-full sm:aspect-[4/5] overflow-hidden rounded-lg bg-gradient-to-b from-ink-100 to-ink-200"
    >
      <span className="absolute top-1/2 left-1/2 h-[40%] w-[28%] -translate-x-1/2 -translate-y-[60%] rounded-md bg-ink-300" />
      {sketches[layout]}
    </span>
  );
}
