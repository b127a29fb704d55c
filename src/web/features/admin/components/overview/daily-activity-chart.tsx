import type { DailyActivity } from '#contracts/admin-stats.ts';
import { cn } from '#web/lib/cn.ts';
import { formatCount, formatDay, formatLongDay } from './format.ts';
import { adminTexts } from '../../texts.ts';

type SeriesKey = 'generations' | 'signUps';

const series: ReadonlyArray<{ key: SeriesKey; label: string; noun: string; bar: string; swatch: string }> = [
  {
    key: 'generations',
    label: adminTexts.overview.generations,
    noun: adminTexts.overview.generationsNoun,
    bar: 'fill-brand-500',
    swatch: 'bg-brand-500',
  },
  {
    key: 'signUps',
    label: adminTexts.overview.signUps,
    noun: adminTexts.overview.signUpsNoun,
    bar: 'fill-accent-500',
    swatch: 'bg-accent-500',
  },
];

/** Width of one day in the bars' own coordinates (the SVG stretches to the card). */
const DAY = 10;
const total = (days: readonly DailyActivity[], key: SeriesKey) => days.reduce((sum, d) => sum + d[key], 0);

function busiest(days: readonly DailyActivity[], key: SeriesKey): DailyActivity | undefined {
  return days.reduce<DailyActivity | undefined>((best, d) => (d[key] > (best?.[key] ?? 0) ? d : best), undefined);
}

/** What a screen reader hears instead of the bars: the totals, and the busiest day of each series. */
export function chartSummary(days: readonly DailyActivity[]): string {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return adminTexts.overview.noDays;
  const totals = series.map((s) => adminTexts.overview.seriesTotal(formatCount(total(days, s.key)), s.noun));
  const peaks = series.flatMap((s) => {
    const day = busiest(days, s.key);
    return day ? [adminTexts.overview.peak(s.noun, formatDay(day.date), formatCount(day[s.key]))] : [];
  });
  return adminTexts.overview.chartSummary(formatDay(first.date), formatDay(last.date), totals, peaks);
}

/** One series as bars on its own scale (sign-ups would be flat next to generations on a shared one), its peak on the left. */
function Band({ days, item }: { days: readonly DailyActivity[]; item: (typeof series)[number] }) {
  const max = Math.max(1, ...days.map((d) => d[item.key]));
  const width = days.length * DAY;
  return (
    <div>
      <p className="flex items-center gap-2 text-xs font-medium text-ink-700">
        <span className={cn('size-2.5 rounded-sm', item.swatch)} />
        {item.label}
        <span className="text-ink-500 tabular-nums">{adminTexts.overview.total(formatCount(total(days, item.key)))}</span>
      </p>
      <div className="mt-1.5 grid grid-cols-[2.5rem_minmax(0,1fr)] gap-2">
        <div className="flex flex-col justify-between text-right text-[11px] leading-none text-ink-500 tabular-nums">
          <span>{formatCount(max)}</span>
          <span>0</span>
        </div>
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="h-20 w-full overflow-visible sm:h-24">
          <line x1={0} x2={width} y1={0} y2={0} className="stroke-ink-200" strokeDasharray="3 3" vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={width} y1={100} y2={100} className="stroke-ink-300" vectorEffect="non-scaling-stroke" />
          {days.map((d, i) => {
            const value = d[item.key];
            // A day with any activity keeps a sliver of a bar, so it never reads as zero.
            const height = value === 0 ? 0 : Math.max(2, (value / max) * 100);
            return (
              <rect key={d.date} x={i * DAY + 1.5} width={DAY - 3} y={100 - height} height={height} className={item.bar}>
                <title>{adminTexts.overview.dayValue(formatDay(d.date), formatCount(value), item.noun)}</title>
              </rect>
            );
          })}
        </svg>
      </div>
    </div>
  );
}

/** A date under every seventh bar, counting back from today; each label leans inwards so the ends stay inside the card. */
function DateAxis({ days }: { days: readonly DailyActivity[] }) {
  const ticks = days.flatMap((d, i) => ((days.length - 1 - i) % 7 === 0 ? [{ date: d.date, at: (i + 0.5) / days.length }] : []));
  return (
    <div className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-2">
      <span />
      <div className="relative h-4 text-[11px] leading-4 whitespace-nowrap text-ink-500">
        {ticks.map(({ date, at }) => (
          <span key={date} className="absolute top-0" style={{ left: `${at * 100}%`, transform: `translateX(-${at * 100}%)` }}>
            {formatDay(date)}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The numbers behind the bars, for anyone who would rather read them (and for screen readers, who cannot see the bars). */
function NumbersTable({ days }: { days: readonly DailyActivity[] }) {
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer rounded-md font-medium text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        {adminTexts.overview.chartNumbers}
      </summary>
      <div className="mt-2 overflow-hidden rounded-xl ring-1 ring-ink-100">
        <table className="w-full text-left tabular-nums">
          <thead className="bg-ink-50 text-xs text-ink-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {adminTexts.overview.date}
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="px-3 py-2 text-right font-semibold">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100 text-ink-800">
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="px-3 py-1.5 font-normal">
                  <time dateTime={d.date}>{formatLongDay(d.date)}</time>
                </th>
                {series.map((s) => (
                  <td key={s.key} className="px-3 py-1.5 text-right">
                    {formatCount(d[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Daily generations and sign-ups, drawn by hand: one band of bars per series over a shared date axis. */
export function DailyActivityChart({ days }: { days: readonly DailyActivity[] }) {
  return (
    <div>
      <div role="img" aria-label={chartSummary(days)} className="flex flex-col gap-4">
        {series.map((item) => (
          <Band key={item.key} days={days} item={item} />
        ))}
        <DateAxis days={days} />
      </div>
      <NumbersTable days={days} />
    </div>
  );
}
