import type { Batch, BatchCounts, BatchItem } from '#contracts/batches.ts';
import type { Klip } from '#contracts/klips.ts';
import type { StandardModel } from '#contracts/models.ts';
import type { Upload } from '#contracts/uploads.ts';

export const BATCH_ID = 'bbbbbbbb-0000-4000-8000-000000000001';

export const textModel: StandardModel = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Flux 1.1 Pro Ultra',
  displayName: 'Klipt Ultra 1.1',
  slug: 'flux-1.1-pro-ultra',
  category: 'general',
  mode: 'text',
  description: 'Flagship text-to-image model.',
  isActive: true,
};

export const productModel: StandardModel = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'AI Product Photo Editor',
  displayName: 'Klipt AI Editor',
  slug: 'ai-product-photo-editor',
  category: 'product',
  mode: 'product',
  description: 'Upload a product photo and a background.',
  isActive: true,
};

export function counts(overrides: Partial<BatchCounts> = {}): BatchCounts {
  return { total: 4, waiting: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0, ...overrides };
}

/** A batch; `canCancel` follows its status and waiting photos unless given (queued photos count too on the server). */
export function batchFixture(overrides: Partial<Batch> = {}): Batch {
  const batch: Omit<Batch, 'canCancel'> = {
    id: BATCH_ID,
    name: 'Spring catalogue',
    prompt: 'on a marble counter, soft morning light',
    modelName: 'Klipt AI Editor',
    aspectRatio: '1:1',
    status: 'running',
    counts: counts({ waiting: 4 }),
    progress: 0,
    costPerItem: 1,
    coverUrl: null,
    lookId: null,
    adLayout: null,
    adSizes: [],
    exportPresets: [],
    adsFailed: 0,
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
  return { ...batch, canCancel: overrides.canCancel ?? (batch.status === 'running' && batch.counts.waiting > 0) };
}

function klip(n: number): Klip {
  return {
    id: `aaaaaaaa-0000-4000-8000-00000000000${n}`,
    klipType: 'image',
    imageUrl: `/files/klips/u1/${n}.png`,
    thumbnailUrl: `/files/klips/u1/${n}-thumb.webp`,
    posterUrl: null,
    width: 1024,
    height: 1024,
    prompt: 'on a marble counter, soft morning light',
    modelName: 'Klipt AI Editor',
    source: 'local',
    isPublic: false,
    createdAt: '2026-11-26T09:01:00.000Z',
    attributes: [],
  };
}

export function itemFixture(position: number, overrides: Partial<BatchItem> = {}): BatchItem {
  const status = overrides.status ?? 'waiting';
  return {
    id: `cccccccc-0000-4000-8000-${String(position).padStart(12, '0')}`,
    position,
    fileName: `product-${position}.png`,
    status,
    progress: status === 'succeeded' ? 100 : 0,
    error: null,
    storeProduct: null,
    adSetId: null,
    productUrl: `/files/uploads/u1/product-${position}.png`,
    klip: status === 'succeeded' ? klip(position) : null,
    jobId: null,
    ...overrides,
  };
}

export function uploadFixture(id: string, name: string): Upload {
  return { id, url: `/files/uploads/u1/${name}`, width: 800, height: 600, mimeType: 'image/png', bytes: 1234, originalName: name };
}

export function pngFile(name: string, bytes = 64): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

/** The upload id the fake server gives a file: a UUID made from its position. */
export function uploadIdFor(n: number): string {
  return `dddddddd-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
