import { formatDate } from '#web/lib/format-date.ts';

/**
 * A timestamp of the API keys and webhooks answers: their contracts type them as dates, while the
 * JSON carries ISO strings; either reads the same here.
 */
export function when(value: Date | string, style: 'medium' | 'dateTime' = 'medium'): string {
  return formatDate(value instanceof Date ? value.toISOString() : value, style);
}

export function isPast(value: Date | string | null): boolean {
  return value !== null && new Date(value).getTime() <= Date.now();
}
