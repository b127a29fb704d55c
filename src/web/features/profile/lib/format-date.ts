const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp from the API in the reader's language and time zone. */
export function formatDate(iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return (withTime ? dateTime : dateOnly).format(date);
}
