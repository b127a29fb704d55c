import { formatDate } from '#web/lib/format-date.ts';

/** A timestamp of the API keys and webhooks answers (ISO strings), as the page shows it. */
export function when(value: string, style: 'medium' | 'dateTime' = 'medium'): string {
  return formatDate(value, style);
}

export function isPast(value: string | null): boolean {
  return value !== null && new Date(value).getTime() <= Date.now();
}
