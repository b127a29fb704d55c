const whole = new Intl.NumberFormat('en-US');
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
// The chart's days are UTC dates: formatted in UTC so they never shift by a day in the reader's zone.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 12,345 */
export const formatCount = (n: number): string => whole.format(n);

/** 12.5, 3.25 — an average, at most two decimals. */
export const formatAverage = (n: number): string => twoDecimals.format(n);

/** 'Mar 3' for the date '2026-03-03' (YYYY-MM-DD, UTC). */
export const formatDay = (date: string): string => shortDay.format(new Date(`${date}T00:00:00Z`));

/** 'Tue, Mar 3, 2026' for the date '2026-03-03'. */
export const formatLongDay = (date: string): string => longDay.format(new Date(`${date}T00:00:00Z`));
