import { IMAGE_COST } from '../../../../contracts/generation.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The cost line of the create page: '50 images — 50 credits'. */
export function batchCostText(photos: number): string {
  return `${plural(photos, 'image', 'images')} — ${plural(photos * IMAGE_COST, 'credit', 'credits')}`;
}

export function creditsText(credits: number): string {
  return plural(credits, 'credit', 'credits');
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** The name a new batch starts with, e.g. 'Batch 26 Nov'. */
export function defaultBatchName(now: Date = new Date()): string {
  return `Batch ${dayMonth.format(now)}`;
}
