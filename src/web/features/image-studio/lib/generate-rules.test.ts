import { describe, expect, it } from 'vitest';
import { standardModels, trainedModels } from '../testing/fixtures.ts';
import { generateLabel } from '#web/components/studio/generate-panel.tsx';
import {
  canGenerate,
  creditsError,
  generateBlocker,
  missingInputError,
  variationsCost,
  type GenerateConditions,
} from './generate-rules.ts';
import { promptPlaceholder, resolveSelection, type SelectedModel } from './model-selection.ts';

const ultra: SelectedModel = { kind: 'standard', model: standardModels[0]! };
const editor: SelectedModel = { kind: 'standard', model: standardModels[1]! };
const fit: SelectedModel = { kind: 'standard', model: standardModels[2]! };
const aurora: SelectedModel = { kind: 'trained', model: trainedModels[0]! };

const ready: GenerateConditions = {
  prompt: 'a candle',
  generating: false,
  modelsLoading: false,
  model: ultra,
  hasProductImage: false,
  uploading: false,
};

describe('Generate button enablement', () => {
  it('is enabled with a prompt and a model', () => {
    expect(canGenerate(ready)).toBe(true);
    expect(canGenerate({ ...ready, model: aurora })).toBe(true);
  });

  it('is disabled with an empty or blank prompt', () => {
    expect(canGenerate({ ...ready, prompt: '' })).toBe(false);
    expect(canGenerate({ ...ready, prompt: '   \n' })).toBe(false);
  });

  it('is disabled while generating, while models load, or without a model', () => {
    expect(canGenerate({ ...ready, generating: true })).toBe(false);
    expect(canGenerate({ ...ready, modelsLoading: true })).toBe(false);
    expect(canGenerate({ ...ready, model: null })).toBe(false);
  });

  it('is disabled for the product photo editor until a product image is uploaded', () => {
    expect(generateBlocker({ ...ready, model: editor })).toBe('Upload a product image to generate');
    expect(canGenerate({ ...ready, model: editor, hasProductImage: true })).toBe(true);
  });

  it('waits for an upload in progress', () => {
    expect(canGenerate({ ...ready, model: editor, hasProductImage: true, uploading: true })).toBe(false);
  });

  it("reports KliptFit's missing outfit on click instead of disabling ('Outfit image is required')", () => {
    expect(canGenerate({ ...ready, model: fit })).toBe(true);
    expect(missingInputError(fit, false)).toBe('Outfit image is required');
    expect(missingInputError(fit, true)).toBeNull();
    expect(missingInputError(ultra, false)).toBeNull();
  });

  it('labels the button with its cost', () => {
    expect(generateLabel(1)).toBe('Generate · 1 credit');
    expect(generateLabel(5)).toBe('Generate · 5 credits');
  });

  it('checks the credits against the whole cost of the variations, as the server reserves it at once', () => {
    expect(variationsCost(4)).toBe(4);
    expect(creditsError(3, 4)).toBe('Not enough credits. You need 4 credits to generate 4 variations.');
    expect(creditsError(4, 4)).toBeNull();
    expect(creditsError(3, 3)).toBeNull();
    expect(creditsError(0, 1)).toBe('Not enough credits. You need 1 credits to generate an image.');
    // Before the session is known the server decides.
    expect(creditsError(undefined, 4)).toBeNull();
  });
});

describe('model selection', () => {
  it('selects the first model of the type until one is picked', () => {
    expect(resolveSelection({ type: 'standard', id: null, name: null }, standardModels, trainedModels).model?.model.id).toBe(
      standardModels[0]!.id,
    );
    expect(resolveSelection({ type: 'trained', id: null, name: null }, standardModels, trainedModels).model?.model.id).toBe(
      trainedModels[0]!.id,
    );
    expect(resolveSelection({ type: 'standard', id: null, name: null }, undefined, undefined).model).toBeNull();
  });

  it('finds a saved klip model by display name or trained name, switching the type for a trained one', () => {
    const byDisplay = resolveSelection({ type: 'standard', id: null, name: 'KliptFit' }, standardModels, trainedModels);
    expect(byDisplay).toMatchObject({ type: 'standard', model: { kind: 'standard', model: { slug: 'segfit-v1.1' } } });
    const byTrained = resolveSelection({ type: 'standard', id: null, name: 'Nova Studio Look' }, standardModels, trainedModels);
    expect(byTrained).toMatchObject({ type: 'trained', model: { model: { id: trainedModels[1]!.id } } });
    // Unknown names wait for both lists, then fall back to the first model.
    expect(resolveSelection({ type: 'standard', id: null, name: 'Gone' }, standardModels, undefined).model).toBeNull();
    expect(resolveSelection({ type: 'standard', id: null, name: 'Gone' }, standardModels, trainedModels).model?.model.id).toBe(
      standardModels[0]!.id,
    );
  });

  it("asks for a trained model's trigger word in the placeholder", () => {
    expect(promptPlaceholder(aurora)).toBe('Describe your image — use the trigger word AURSKIN');
    expect(promptPlaceholder(ultra)).not.toContain('trigger word');
  });
});
