/**
 * The render pool's worker for ads (render-in-pool.ts hands it work): text shaping and fitting, layout, the SVG overlay
 * and the compositing of one ad, off the server's event loop. An AppError (a font or logo that cannot be read) comes
 * back as a value: a thread boundary keeps only an error's message.
 */
import type { ErrorCode } from '#contracts/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import { renderAd, type RenderAdInput, type RenderedAd } from './render-ad.ts';

export type AdOutcome = { ad: RenderedAd } | { refused: { code: ErrorCode; message: string; details?: Record<string, unknown> } };

export default async function renderAdTask(input: RenderAdInput): Promise<AdOutcome> {
  try {
    return { ad: await renderAd(input) };
  } catch (error) {
    if (error instanceof AppError)
      return { refused: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) } };
    throw error;
  }
}
