import { z } from 'zod';
import { defineContract } from './contract.ts';
import { searchText } from './fields.ts';
import { videoEffects } from './video-effects.ts';

/** What users read about inspirations. */
export const inspirationMessages = {
  categoryTooLong: 'Category must be at most 60 characters',
  subcategoryTooLong: 'Subcategory must be at most 60 characters',
} as const;

export const ImageInspiration = z
  .object({
    id: z.string(),
    prompt: z.string(),
    category: z.string(),
    subcategory: z.string().nullable(),
    imageUrl: z.string(),
    thumbnailUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ImageInspiration' });
export type ImageInspiration = z.infer<typeof ImageInspiration>;

export const InspirationCategory = z
  .object({ category: z.string(), subcategories: z.array(z.string()) })
  .meta({ id: 'InspirationCategory' });
export type InspirationCategory = z.infer<typeof InspirationCategory>;

/** Both galleries filter the same way: category, subcategory, text in the prompt. */
const InspirationQuery = z.object({
  category: searchText([60, inspirationMessages.categoryTooLong]),
  subcategory: searchText([60, inspirationMessages.subcategoryTooLong]),
  search: searchText(),
});

export const listImageInspirations = defineContract({
  method: 'GET',
  path: '/api/inspirations/images',
  summary: 'Active image inspirations, newest first, by category/subcategory and prompt search',
  tags: ['inspirations'],
  query: InspirationQuery,
  status: 200,
  response: z.object({ inspirations: z.array(ImageInspiration) }),
  errors: [400, 401, 403],
  auth: 'verified',
});

export const listImageInspirationCategories = defineContract({
  method: 'GET',
  path: '/api/inspirations/images/categories',
  summary: 'Categories of active image inspirations with their subcategories',
  tags: ['inspirations'],
  status: 200,
  response: z.object({ categories: z.array(InspirationCategory) }),
  errors: [401, 403],
  auth: 'verified',
});

export const VideoInspiration = z
  .object({
    id: z.string(),
    /** The subject the example animates; choosing it sets the editor's subject. */
    prompt: z.string(),
    category: z.string(),
    subcategory: z.string().nullable(),
    effect: z.enum(videoEffects),
    videoUrl: z.string(),
    posterUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'VideoInspiration' });
export type VideoInspiration = z.infer<typeof VideoInspiration>;

export const listVideoInspirations = defineContract({
  method: 'GET',
  path: '/api/inspirations/videos',
  summary: 'Active video inspirations, newest first, by category/subcategory and prompt search',
  tags: ['inspirations'],
  query: InspirationQuery,
  status: 200,
  response: z.object({ inspirations: z.array(VideoInspiration) }),
  errors: [400, 401, 403],
  auth: 'verified',
});

export const listVideoInspirationCategories = defineContract({
  method: 'GET',
  path: '/api/inspirations/videos/categories',
  summary: 'Categories of active video inspirations with their subcategories',
  tags: ['inspirations'],
  status: 200,
  response: z.object({ categories: z.array(InspirationCategory) }),
  errors: [401, 403],
  auth: 'verified',
});
