import type { InspirationCategory, VideoInspiration } from '#contracts/inspirations.ts';

export function videoInspirationFixture(overrides: Partial<VideoInspiration> = {}): VideoInspiration {
  return {
    id: 'eeeeeeee-0000-4000-8000-000000000001',
    prompt: 'sneaker',
    category: 'Fashion',
    subcategory: 'Footwear',
    effect: 'squish_it',
    videoUrl: '/files/inspirations/videos/one.mp4',
    posterUrl: '/files/inspirations/videos/one-poster.webp',
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export const videoInspirations: VideoInspiration[] = [
  videoInspirationFixture(),
  videoInspirationFixture({
    id: 'eeeeeeee-0000-4000-8000-000000000002',
    prompt: 'perfume bottle',
    category: 'Beauty',
    subcategory: 'Fragrance',
    effect: 'princess_me',
    videoUrl: '/files/inspirations/videos/two.mp4',
    posterUrl: null,
  }),
];

export const videoInspirationCategories: InspirationCategory[] = [
  { category: 'Beauty', subcategories: ['Fragrance', 'Skincare'] },
  { category: 'Fashion', subcategories: ['Footwear'] },
];
