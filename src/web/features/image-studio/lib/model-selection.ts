import type { StandardModel, TrainedModel } from '#contracts/models.ts';
import type { ModelSelection, ModelType } from './editor-state.ts';
import { imageStudioTexts } from '../texts.ts';

export type SelectedModel = { kind: 'standard'; model: StandardModel } | { kind: 'trained'; model: TrainedModel };

export interface ResolvedSelection {
  /** The model type shown (a saved klip's model may turn out to be a trained one). */
  type: ModelType;
  model: SelectedModel | null;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The model the editor uses: the one picked by id, else the one asked for by name, else the first
 * model of the selected type (the first standard model is selected when models load).
 */
export function resolveSelection(
  selection: ModelSelection,
  standard: readonly StandardModel[] | undefined,
  trained: readonly TrainedModel[] | undefined,
): ResolvedSelection {
  if (selection.name) {
    const byName = selection.name;
    const std = standard?.find((m) => sameName(m.displayName, byName) || sameName(m.name, byName));
    if (std) return { type: 'standard', model: { kind: 'standard', model: std } };
    const own = trained?.find((m) => sameName(m.name, byName));
    if (own) return { type: 'trained', model: { kind: 'trained', model: own } };
    // Not known (yet): wait for both lists before falling back to the first model.
    if (!standard || !trained) return { type: selection.type, model: null };
  }
  if (selection.type === 'standard') {
    const model = standard?.find((m) => m.id === selection.id) ?? standard?.[0];
    return { type: 'standard', model: model ? { kind: 'standard', model } : null };
  }
  const model = trained?.find((m) => m.id === selection.id) ?? trained?.[0];
  return { type: 'trained', model: model ? { kind: 'trained', model } : null };
}

/** A standard model that composes an uploaded product photo into a scene (images instead of an aspect ratio). */
export function isProductEditor(model: SelectedModel | null): boolean {
  return model?.kind === 'standard' && model.model.mode === 'product';
}

/** A standard model that puts an uploaded outfit on an AI model (an image instead of an aspect ratio). */
export function isTryOn(model: SelectedModel | null): boolean {
  return model?.kind === 'standard' && model.model.mode === 'tryon';
}

/** The prompt placeholder: a trained model asks for its trigger word. */
export function promptPlaceholder(model: SelectedModel | null): string {
  if (model?.kind === 'trained') {
    return model.model.triggerWord
      ? imageStudioTexts.promptPlaceholders.triggerWord(model.model.triggerWord)
      : imageStudioTexts.promptPlaceholders.trained;
  }
  if (isProductEditor(model)) return imageStudioTexts.promptPlaceholders.productEditor;
  if (isTryOn(model)) return imageStudioTexts.promptPlaceholders.tryOn;
  return imageStudioTexts.promptPlaceholders.standard;
}
