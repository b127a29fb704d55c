import { DEFAULT_ASPECT_RATIO, aspectRatios, type AspectRatio } from '#contracts/aspect-ratio.ts';
import type { GenerationJob } from '#contracts/generation.ts';
import type { EditorSettings, ModelType } from './editor-state.ts';
import type { SavedKlip } from './location-state.ts';
import { resultTile, type ResultTile } from './result-tiles.ts';

export interface UploadIds {
  productUploadId?: string;
  backgroundUploadId?: string;
  outfitUploadId?: string;
}

/** One generation of the editor's history: its variations (images or failures), prompt, model and aspect ratio. */
export interface HistoryEntry {
  /** The variation group's id, the klip id of a single job, or a local id for a saved klip without one. */
  id: string;
  /** In variation order; Regenerate asks for as many again. */
  tiles: readonly ResultTile[];
  prompt: string;
  modelType: ModelType;
  modelId: string | null;
  modelName: string;
  aspectRatio: AspectRatio;
  /** The input images the generation used, so Regenerate can send them again. */
  uploads: UploadIds;
}

export interface HistoryState {
  entries: readonly HistoryEntry[];
  /** -1 while empty. */
  index: number;
}

export type HistoryAction = { type: 'push'; entry: HistoryEntry } | { type: 'back' } | { type: 'next' };

export const emptyHistory: HistoryState = { entries: [], index: -1 };

/** A new result is appended after the current one, dropping any forward history. */
export function historyReducer(state: HistoryState, action: HistoryAction): HistoryState {
  switch (action.type) {
    case 'push': {
      if (state.entries.some((e) => e.id === action.entry.id)) return state;
      const entries = [...state.entries.slice(0, state.index + 1), action.entry];
      return { entries, index: entries.length - 1 };
    }
    case 'back':
      return state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'next':
      return state.index < state.entries.length - 1 ? { ...state, index: state.index + 1 } : state;
    default:
      return state;
  }
}

export function currentEntry(state: HistoryState): HistoryEntry | null {
  return state.entries[state.index] ?? null;
}

export function canGoBack(state: HistoryState): boolean {
  return state.index > 0;
}

export function canGoNext(state: HistoryState): boolean {
  return state.index >= 0 && state.index < state.entries.length - 1;
}

/** '2 / 5' */
export function historyCounter(state: HistoryState): string {
  return `${state.index + 1} / ${state.entries.length}`;
}

/** What navigating to an entry puts back into the editor. */
export function entrySettings(entry: HistoryEntry): EditorSettings {
  return {
    prompt: entry.prompt,
    modelType: entry.modelType,
    modelId: entry.modelId,
    modelName: entry.modelName,
    aspectRatio: entry.aspectRatio,
    count: entry.tiles.length,
  };
}

function toAspectRatio(value: string | undefined): AspectRatio {
  return (aspectRatios as readonly string[]).includes(value ?? '') ? (value as AspectRatio) : DEFAULT_ASPECT_RATIO;
}

/** A finished group of jobs (one per variation, in order) as a history entry; null when none made a klip. */
export function entryFromJobs(jobs: readonly GenerationJob[], uploads: UploadIds = {}): HistoryEntry | null {
  const job = jobs[0];
  const firstKlip = jobs.find((j) => j.klip)?.klip;
  if (!job || !firstKlip) return null;
  return {
    id: job.groupId ?? firstKlip.id,
    tiles: jobs.map(resultTile),
    prompt: job.prompt,
    modelType: job.modelType,
    modelId: job.modelId,
    modelName: job.modelName,
    aspectRatio: toAspectRatio(job.aspectRatio),
    uploads,
  };
}

/** The editor settings a group was started with (to show a running or reloaded group). */
export function groupSettings(jobs: readonly GenerationJob[]): EditorSettings | null {
  const job = jobs[0];
  if (!job) return null;
  return {
    prompt: job.prompt,
    modelType: job.modelType,
    modelId: job.modelId,
    aspectRatio: toAspectRatio(job.aspectRatio),
    count: jobs.length,
  };
}

export const SAVED_KLIP_ENTRY_ID = 'saved-klip';

/** The klip the editor was opened with, as the first history entry. */
export function entryFromSavedKlip(saved: SavedKlip): HistoryEntry {
  return {
    id: saved.klipId ?? SAVED_KLIP_ENTRY_ID,
    tiles: [{ kind: 'image', id: saved.klipId ?? SAVED_KLIP_ENTRY_ID, imageUrl: saved.imageUrl, klip: null, klipId: saved.klipId }],
    prompt: saved.prompt,
    modelType: 'standard',
    modelId: null,
    modelName: saved.modelName ?? '',
    aspectRatio: saved.aspectRatio ?? DEFAULT_ASPECT_RATIO,
    uploads: {},
  };
}
