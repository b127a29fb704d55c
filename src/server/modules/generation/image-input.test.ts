import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { imageInputFor, refuseSettingsNotTaken } from './image-input.ts';
import type { ResolvedModel } from './model-resolver.ts';

const model = (mode: ResolvedModel['mode'], displayName: string): ResolvedModel => ({
  mode,
  modelType: mode === 'trained' ? 'trained' : 'standard',
  modelId: '00000000-0000-4000-8000-000000000001',
  slug: 'slug',
  displayName,
});
const ultra = model('text', 'Klipt Ultra 1.1');
const editor = model('product', 'Klipt AI Editor');
const fit = model('tryon', 'KliptFit');
const trained = model('trained', 'Aurora Skincare');

const size = (m: ResolvedModel, aspectRatio?: '1:1' | '16:9' | '4:3' | '3:2') => {
  const input = imageInputFor(m, { prompt: 'p', seed: 1, ...(aspectRatio ? { aspectRatio } : {}) });
  return [input.aspectRatio, input.width, input.height];
};

// docs/product-rules.md#generation
describe('the output size follows the model’s mode', () => {
  it('text and trained models take the aspect ratio asked for, 1:1 when none is', () => {
    expect(size(ultra, '16:9')).toEqual(['16:9', 1024, 576]);
    expect(size(trained, '3:2')).toEqual(['3:2', 1024, 683]);
    expect(size(ultra)).toEqual(['1:1', 1024, 1024]);
  });

  it('the AI Editor makes 1:1 images and try-on 2:3, whatever a caller asked for', () => {
    expect(size(editor, '16:9')).toEqual(['1:1', 1024, 1024]);
    expect(size(editor)).toEqual(['1:1', 1024, 1024]);
    expect(size(fit, '16:9')).toEqual(['2:3', 683, 1024]);
  });
});

function refusal(m: ResolvedModel, request: object): unknown {
  try {
    refuseSettingsNotTaken(m, request);
    return null;
  } catch (err) {
    return err instanceof AppError ? [err.code, err.message] : err;
  }
}

describe('refuseSettingsNotTaken', () => {
  it('names the first setting the mode does not take and the model', () => {
    expect(refusal(editor, { aspectRatio: '1:1', productUploadId: 'x' })).toEqual([
      'VALIDATION_FAILED',
      'Klipt AI Editor does not take an aspect ratio. Leave it out of the request.',
    ]);
    expect(refusal(fit, { outfitUploadId: 'x', backgroundUploadId: 'y' })).toEqual([
      'VALIDATION_FAILED',
      'KliptFit does not take a background image. Leave it out of the request.',
    ]);
    expect(refusal(trained, { outfitUploadId: 'x' })).toEqual([
      'VALIDATION_FAILED',
      'Aurora Skincare does not take an outfit image. Leave it out of the request.',
    ]);
  });

  it('lets through what each mode takes, and settings left undefined', () => {
    expect(refusal(ultra, { aspectRatio: '16:9', productUploadId: undefined, seed: 3 })).toBeNull();
    expect(refusal(trained, { aspectRatio: '4:3' })).toBeNull();
    expect(refusal(editor, { productUploadId: 'x', backgroundUploadId: 'y' })).toBeNull();
    expect(refusal(fit, { outfitUploadId: 'x' })).toBeNull();
  });
});
