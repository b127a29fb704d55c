import type { GenerationJob } from '#contracts/generation.ts';
import type { ImageInspiration } from '#contracts/inspirations.ts';
import type { Klip } from '#contracts/klips.ts';
import type { StandardModel, TrainedModel } from '#contracts/models.ts';
import type { Upload } from '#contracts/uploads.ts';

export const standardModels: StandardModel[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Flux 1.1 Pro Ultra',
    displayName: 'Klipt Ultra 1.1',
    slug: 'flux-1.1-pro-ultra',
    category: 'general',
    mode: 'text',
    description: 'Flagship text-to-image model with 4-megapixel output.',
    isActive: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'AI Product Photo Editor',
    displayName: 'Klipt AI Editor',
    slug: 'ai-product-photo-editor',
    category: 'product',
    mode: 'product',
    description: 'Upload a product photo and a background.',
    isActive: true,
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'KliptFit',
    displayName: 'KliptFit',
    slug: 'segfit-v1.1',
    category: 'fashion',
    mode: 'tryon',
    description: 'Fashion virtual try-on.',
    isActive: true,
  },
];

function trained(id: string, name: string, triggerWord: string): TrainedModel {
  return {
    id,
    name,
    type: 'product',
    baseModel: 'flux-pro-1.1-ultra',
    testPrompt: `${triggerWord} on a table`,
    triggerWord,
    isPublic: true,
    createdAt: '2026-11-02T00:00:00.000Z',
    canEdit: false,
    attributes: [],
  };
}

export const trainedModels: TrainedModel[] = [
  trained('44444444-4444-4444-8444-444444444444', 'Aurora Skincare', 'AURSKIN'),
  trained('55555555-5555-4555-8555-555555555555', 'Nova Studio Look', 'NOVASTYLE'),
];

/** The signed-in user's own private model: the list answers it unless asked for public models only. */
export const ownPrivateModel: TrainedModel = {
  ...trained('66666666-6666-4666-8666-666666666666', 'My Candle Line', 'MYCANDLE'),
  isPublic: false,
  canEdit: true,
};

export function klipFixture(overrides: Partial<Klip> = {}): Klip {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    klipType: 'image',
    imageUrl: '/files/klips/u1/one.png',
    thumbnailUrl: '/files/klips/u1/one-thumb.webp',
    posterUrl: null,
    width: 1024,
    height: 1024,
    prompt: 'red sneaker on a beach',
    modelName: 'Klipt Ultra 1.1',
    source: 'local',
    isPublic: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    attributes: [{ name: 'aspect_ratio', value: '1:1' }],
    ...overrides,
  };
}

export function jobFixture(overrides: Partial<GenerationJob> = {}): GenerationJob {
  const now = new Date().toISOString();
  return {
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    kind: 'image',
    status: 'queued',
    progress: 0,
    step: 0,
    stepLabel: 'Preparing',
    cost: 1,
    modelType: 'standard',
    modelId: standardModels[0]!.id,
    modelName: 'Klipt Ultra 1.1',
    prompt: 'red sneaker on a beach',
    aspectRatio: '1:1',
    provider: 'local',
    video: null,
    error: null,
    refunded: false,
    klip: null,
    groupId: null,
    variation: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function uploadFixture(overrides: Partial<Upload> = {}): Upload {
  return {
    id: 'cccccccc-0000-4000-8000-000000000001',
    url: '/files/uploads/u1/product.png',
    width: 800,
    height: 600,
    mimeType: 'image/png',
    bytes: 2048,
    originalName: 'product.png',
    ...overrides,
  };
}

export function inspirationFixture(overrides: Partial<ImageInspiration> = {}): ImageInspiration {
  return {
    id: 'dddddddd-0000-4000-8000-000000000001',
    prompt: 'Amber glass serum bottle on wet slate, morning light',
    category: 'Beauty',
    subcategory: 'Skincare',
    imageUrl: '/files/inspirations/images/one.png',
    thumbnailUrl: '/files/inspirations/images/one-thumb.webp',
    createdAt: '2026-10-01T00:00:00.000Z',
    ...overrides,
  };
}

export function pngFile(name = 'product.png', bytes = 2048, type = 'image/png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** 'bbbbbbbb-0000-4000-8000-000000000001' for 1: the n-th job the fake server started. */
export const jobId = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A job that succeeded with klip n (`/files/klips/u1/<n>.png`). */
export function succeededJob(id: string, prompt: string, n: number, overrides: Partial<GenerationJob> = {}): GenerationJob {
  return jobFixture({
    id,
    prompt,
    status: 'succeeded',
    progress: 100,
    step: 2,
    stepLabel: 'Saving',
    klip: klipFixture({ id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`, imageUrl: `/files/klips/u1/${n}.png`, prompt }),
    ...overrides,
  });
}
