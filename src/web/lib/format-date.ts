const formats = {
  medium: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  long: new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }),
  dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
} as const;

/** A timestamp from the API in the reader's language and time zone ('—' when unreadable). */
export function formatDate(iso: string, style: keyof typeof formats = 'medium'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formats[style].format(date);
}
