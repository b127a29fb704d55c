import type { DbOrTx } from './client.ts';
import { aiModels } from './schema/index.ts';

/** The three built-in standard models (spec §3); inserted once, never overwritten. */
export const builtInStandardModels = [
  {
    slug: 'flux-1.1-pro-ultra',
    name: 'Flux 1.1 Pro Ultra',
    apiEndpoint: '/v1/flux-1.1-pro-ultra',
    category: 'general' as const,
    sortOrder: 1,
    description:
      'Flagship text-to-image model: up to 4-megapixel output, raw mode for natural-looking photos, ultra mode for detail, strong prompt accuracy and fast results.',
  },
  {
    slug: 'ai-product-photo-editor',
    name: 'AI Product Photo Editor',
    apiEndpoint: '/v1/ai-product-photo-editor',
    category: 'product' as const,
    sortOrder: 2,
    description:
      'Upload a product photo and a background, describe the scene, and get a studio-grade product shot with matched lighting, soft edges and natural shadows.',
  },
  {
    slug: 'segfit-v1.1',
    name: 'KliptFit',
    apiEndpoint: '/v1/segfit-v1.1',
    category: 'fashion' as const,
    sortOrder: 3,
    description: 'Fashion virtual try-on: put an outfit on an AI model in a styled scene.',
  },
];

export async function seedStandardModels(db: DbOrTx): Promise<void> {
  await db.insert(aiModels).values(builtInStandardModels).onConflictDoNothing({ target: aiModels.slug });
}
