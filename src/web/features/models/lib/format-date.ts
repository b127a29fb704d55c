const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A model's creation time from the API as a date in the reader's language and time zone. */
export function formatModelDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateOnly.format(date);
}
