import { DEFAULT_ASPECT_RATIO, type AspectRatio } from '#contracts/aspect-ratio.ts';
import type { EnhanceNote } from '#web/components/studio/prompt-enhance.tsx';
import type { EditorLocationState } from './location-state.ts';

export type ModelType = 'standard' | 'trained';

/**
 * What the user picked. `id` null means "the first model of this type"; `name` is a model asked
 * for by name (a saved klip's modelName), resolved once the lists are loaded.
 */
export interface ModelSelection {
  type: ModelType;
  id: string | null;
  name: string | null;
}

export interface EditorState {
  selection: ModelSelection;
  aspectRatio: AspectRatio;
  prompt: string;
  /** The prompt came from Enhance and was not edited since: 'Enhanced with AI assistance', or that it was left unchanged. */
  enhanceNote: EnhanceNote;
  /** How many variations Generate asks for (1 to MAX_VARIATIONS). */
  count: number;
}

/** The settings a history entry or a job carries back into the editor. */
export interface EditorSettings {
  prompt: string;
  modelType: ModelType;
  modelId: string | null;
  /** Used to find the model when the id is not known (a saved klip). */
  modelName?: string | null;
  aspectRatio: AspectRatio;
  /** The variations asked for; absent: the count stays as it is. */
  count?: number;
}

export type EditorAction =
  | { type: 'prompt-typed'; prompt: string }
  | { type: 'prompt-enhanced'; prompt: string; note: EnhanceNote }
  | { type: 'prompt-replaced'; prompt: string }
  | { type: 'model-type-switched'; modelType: ModelType }
  | { type: 'model-selected'; modelType: ModelType; id: string }
  | { type: 'aspect-ratio-selected'; aspectRatio: AspectRatio }
  | { type: 'count-selected'; count: number }
  | { type: 'settings-restored'; settings: EditorSettings };

export function initialEditorState(location: EditorLocationState): EditorState {
  const saved = location.savedKlip;
  if (saved) {
    return {
      selection: { type: 'standard', id: null, name: saved.modelName },
      aspectRatio: saved.aspectRatio ?? DEFAULT_ASPECT_RATIO,
      prompt: saved.prompt,
      enhanceNote: null,
      count: 1,
    };
  }
  if (location.trainedModelId) {
    return {
      selection: { type: 'trained', id: location.trainedModelId, name: null },
      aspectRatio: DEFAULT_ASPECT_RATIO,
      prompt: '',
      enhanceNote: null,
      count: 1,
    };
  }
  return {
    selection: { type: 'standard', id: null, name: null },
    aspectRatio: DEFAULT_ASPECT_RATIO,
    prompt: '',
    enhanceNote: null,
    count: 1,
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'prompt-typed':
      return { ...state, prompt: action.prompt, enhanceNote: null };
    case 'prompt-enhanced':
      return { ...state, prompt: action.prompt, enhanceNote: action.note };
    case 'prompt-replaced':
      return { ...state, prompt: action.prompt, enhanceNote: null };
    case 'model-type-switched':
      // Switching the model type resets the selection to the first model of that type.
      return { ...state, selection: { type: action.modelType, id: null, name: null } };
    case 'model-selected':
      return { ...state, selection: { type: action.modelType, id: action.id, name: null } };
    case 'aspect-ratio-selected':
      return { ...state, aspectRatio: action.aspectRatio };
    case 'count-selected':
      return { ...state, count: action.count };
    case 'settings-restored':
      return {
        selection: {
          type: action.settings.modelType,
          id: action.settings.modelId,
          name: action.settings.modelId ? null : (action.settings.modelName ?? null),
        },
        aspectRatio: action.settings.aspectRatio,
        prompt: action.settings.prompt,
        enhanceNote: null,
        count: action.settings.count ?? state.count,
      };
    default:
      return state;
  }
}
