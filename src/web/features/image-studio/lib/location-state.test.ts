import { describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState } from './editor-state.ts';
import { aspectRatioFromAttributes, readEditorLocationState } from './location-state.ts';

describe('router state → editor state', () => {
  it('opens empty without state: first standard model, 1:1, no prompt, one variation', () => {
    expect(initialEditorState(readEditorLocationState(null))).toEqual({
      selection: { type: 'standard', id: null, name: null },
      aspectRatio: '1:1',
      prompt: '',
      enhanceNote: null,
      count: 1,
    });
  });

  it('a savedKlip puts its prompt in the editor, asks for its model by name and takes aspect_ratio from [{ name, value }]', () => {
    const location = readEditorLocationState({
      savedKlip: {
        prompt: 'linen dress in a garden',
        imageUrl: '/files/klips/u1/a.png',
        modelName: 'Aurora Skincare',
        modelAttributes: [
          { name: 'seed', value: '42' },
          { name: 'aspect_ratio', value: '16:9' },
        ],
      },
    });
    expect(location.savedKlip).toEqual({
      prompt: 'linen dress in a garden',
      imageUrl: '/files/klips/u1/a.png',
      modelName: 'Aurora Skincare',
      aspectRatio: '16:9',
      klipId: null,
    });
    expect(initialEditorState(location)).toEqual({
      selection: { type: 'standard', id: null, name: 'Aurora Skincare' },
      aspectRatio: '16:9',
      prompt: 'linen dress in a garden',
      enhanceNote: null,
      count: 1,
    });
  });

  it('reads aspect_ratio from a record too, and ignores ratios the editor does not offer', () => {
    expect(aspectRatioFromAttributes({ aspect_ratio: '3:2' })).toBe('3:2');
    expect(aspectRatioFromAttributes({ aspect_ratio: '2:3' })).toBeNull();
    expect(aspectRatioFromAttributes([{ name: 'aspect_ratio', value: 'wide' }])).toBeNull();
    expect(aspectRatioFromAttributes(undefined)).toBeNull();
    const location = readEditorLocationState({ savedKlip: { prompt: 'p', imageUrl: '/a.png', modelName: 'KliptFit' } });
    expect(initialEditorState(location).aspectRatio).toBe('1:1');
  });

  it('a modelId switches to Trained Models and selects it', () => {
    const location = readEditorLocationState({ modelId: 'trained-7' });
    expect(location).toEqual({ savedKlip: null, trainedModelId: 'trained-7' });
    expect(initialEditorState(location).selection).toEqual({ type: 'trained', id: 'trained-7', name: null });
  });

  it('ignores malformed state', () => {
    expect(readEditorLocationState({ savedKlip: { prompt: 'no image' } })).toEqual({ savedKlip: null, trainedModelId: null });
    expect(readEditorLocationState('nonsense')).toEqual({ savedKlip: null, trainedModelId: null });
    expect(readEditorLocationState({ modelId: 42 })).toEqual({ savedKlip: null, trainedModelId: null });
  });
});

describe('editor reducer', () => {
  const start = initialEditorState(readEditorLocationState(null));

  it('switching the model type resets the selection to the first model of that type', () => {
    const picked = editorReducer(start, { type: 'model-selected', modelType: 'standard', id: 's-2' });
    expect(editorReducer(picked, { type: 'model-type-switched', modelType: 'trained' }).selection).toEqual({
      type: 'trained',
      id: null,
      name: null,
    });
  });

  it("marks an enhanced (or unchanged) prompt until the user edits it ('Enhanced with AI assistance')", () => {
    const enhanced = editorReducer(start, { type: 'prompt-enhanced', prompt: 'better', note: 'enhanced' });
    expect(enhanced).toMatchObject({ prompt: 'better', enhanceNote: 'enhanced' });
    expect(editorReducer(enhanced, { type: 'prompt-typed', prompt: 'better!' })).toMatchObject({ prompt: 'better!', enhanceNote: null });
    expect(editorReducer(start, { type: 'prompt-enhanced', prompt: 'same', note: 'unchanged' }).enhanceNote).toBe('unchanged');
  });

  it('restoring settings sets prompt, model, aspect ratio and count; without an id the model is found by name', () => {
    const four = editorReducer(start, { type: 'count-selected', count: 4 });
    expect(
      editorReducer(four, {
        type: 'settings-restored',
        settings: { prompt: 'p', modelType: 'trained', modelId: 't-1', modelName: 'Aurora', aspectRatio: '4:3' },
      }),
    ).toEqual({ selection: { type: 'trained', id: 't-1', name: null }, aspectRatio: '4:3', prompt: 'p', enhanceNote: null, count: 4 });
    expect(
      editorReducer(four, {
        type: 'settings-restored',
        settings: { prompt: 'p', modelType: 'trained', modelId: 't-1', aspectRatio: '4:3', count: 2 },
      }).count,
    ).toBe(2);
    expect(
      editorReducer(start, {
        type: 'settings-restored',
        settings: { prompt: 'p', modelType: 'standard', modelId: null, modelName: 'KliptFit', aspectRatio: '1:1' },
      }).selection,
    ).toEqual({ type: 'standard', id: null, name: 'KliptFit' });
  });
});
