import { formatDate } from '../../lib/format-date.ts';
import { uiTexts } from '../../lib/texts.ts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '5 minutes ago', 'yesterday', '3 weeks ago' ('just now' under a minute; '—' when unreadable). */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return '—';
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return uiTexts.justNow;
}

/** A moment shown relative to now, with the exact date and time in its tooltip and machine-readable. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={formatDate(iso, 'dateTime')} className={className}>
      {formatRelative(iso)}
    </time>
  );
}
