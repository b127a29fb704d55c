import { batchMessages } from '#contracts/batches.ts';
import { generationMessages } from '#contracts/generation.ts';
import { batchesTexts } from '../texts.ts';

export interface StartConditions {
  starting: boolean;
  modelId: string | null;
  /** Photos the server accepted. */
  uploaded: number;
  /** Some photo or the background is still being uploaded. */
  uploading: boolean;
  prompt: string;
  name: string;
}

/** Why 'Start batch' is disabled, or null when it is enabled. */
export function startBlocker(c: StartConditions): string | null {
  if (c.starting) return batchesTexts.blockers.starting;
  if (!c.modelId) return batchesTexts.blockers.noModel;
  if (c.uploading) return batchesTexts.blockers.uploading;
  if (c.uploaded === 0) return batchMessages.noItems;
  if (c.prompt.trim() === '') return generationMessages.promptRequired;
  if (c.name.trim() === '') return batchMessages.nameRequired;
  return null;
}
