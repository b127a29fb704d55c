import { aspectRatios, type AspectRatio } from '#contracts/aspect-ratio.ts';

/** A klip the editor was opened with (router state `savedKlip`). */
export interface SavedKlip {
  prompt: string;
  imageUrl: string;
  modelName: string | null;
  aspectRatio: AspectRatio | null;
  /** Present when the caller passes the klip's id: enables the server's jpg download. */
  klipId: string | null;
}

export interface EditorLocationState {
  savedKlip: SavedKlip | null;
  /** Router state `modelId`: a trained model to select (from /models "Use Model"). */
  trainedModelId: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function isAspectRatio(value: string | null): value is AspectRatio {
  return value !== null && (aspectRatios as readonly string[]).includes(value.trim());
}

/** The `aspect_ratio` attribute from `[{ name, value }]` or `{ aspect_ratio: value }`, if it is one the editor offers. */
export function aspectRatioFromAttributes(attributes: unknown): AspectRatio | null {
  let value: string | null = null;
  if (Array.isArray(attributes)) {
    const found: unknown = attributes.find((a) => isRecord(a) && (a['name'] === 'aspect_ratio' || a['attribute_name'] === 'aspect_ratio'));
    if (isRecord(found)) value = text(found['value'] ?? found['attribute_value']);
  } else if (isRecord(attributes)) {
    value = text(attributes['aspect_ratio']);
  }
  return isAspectRatio(value) ? (value.trim() as AspectRatio) : null;
}

/** Reads the router state defensively: anything malformed is ignored rather than trusted. */
export function readEditorLocationState(state: unknown): EditorLocationState {
  if (!isRecord(state)) return { savedKlip: null, trainedModelId: null };
  const saved = state['savedKlip'];
  let savedKlip: SavedKlip | null = null;
  if (isRecord(saved) && text(saved['imageUrl'])) {
    savedKlip = {
      prompt: typeof saved['prompt'] === 'string' ? saved['prompt'] : '',
      imageUrl: text(saved['imageUrl'])!,
      modelName: text(saved['modelName']),
      aspectRatio: aspectRatioFromAttributes(saved['modelAttributes'] ?? saved['attributes']),
      klipId: text(saved['id']) ?? text(saved['klipId']),
    };
  }
  return { savedKlip, trainedModelId: text(state['modelId']) };
}

/**
 * Whether the editor was opened with a choice of its own (a saved klip, or a model from /models'
 * "Use Model"): that choice wins over the settings of the restored latest generation, which is
 * still shown (and followed while it runs) but does not replace what the user asked to open.
 */
export function opensWithChoice(state: EditorLocationState): boolean {
  return state.savedKlip !== null || state.trainedModelId !== null;
}
