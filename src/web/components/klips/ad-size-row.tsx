import { useId } from 'react';
import type { AdSize } from '#contracts/ad-formats.ts';
import { cn } from '../../lib/cn.ts';
import { adTexts } from '../../lib/texts.ts';

/** One ad size to tick, with its pixels; a size whose channel refuses overlays is disabled, its reason beside it. */
export function AdSizeRow({ size, checked, onChange }: { size: AdSize; checked: boolean; onChange: (checked: boolean) => void }) {
  const reasonId = useId();
  const refused = size.refusesOverlays !== null;
  return (
    <li className={cn('px-3 py-2.5', refused && 'bg-ink-50')}>
      <label className={cn('flex items-start gap-3', refused ? 'cursor-not-allowed' : 'cursor-pointer')}>
        <input
          type="checkbox"
          checked={!refused && checked}
          disabled={refused}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={refused ? reasonId : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed"
        />
        <span className="min-w-0">
          <span className={cn('block text-sm font-semibold', refused ? 'text-ink-600' : 'text-ink-900')}>{size.label}</span>{' '}
          <span className="block text-xs text-ink-600">{adTexts.sizePixels(size.width, size.height)}</span>
        </span>
      </label>
      {refused && (
        <p id={reasonId} className="mt-1 pl-7 text-xs text-ink-700">
          {size.refusesOverlays}
        </p>
      )}
    </li>
  );
}
