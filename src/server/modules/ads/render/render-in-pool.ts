/** Ads rendered in the render pool's threads (docs/decisions/0028-render-pool.md). */
import { AppError } from '#server/lib/app-error.ts';
import { asBuffer, type RenderPool, type RenderWorker } from '#server/lib/render-pool.ts';
import type { AdOutcome } from './ad-worker.ts';
import type { RenderAdInput, RenderedAd } from './render-ad.ts';

const AD_WORKER: RenderWorker<RenderAdInput, AdOutcome> = { url: new URL('./ad-worker.ts', import.meta.url) };

/** Same contract as `renderAd`: the same ad (render-in-pool.test.ts), its AppErrors raised again as AppErrors; the inputs are copied, never detached. */
export function adRendererIn(pool: RenderPool): (input: RenderAdInput) => Promise<RenderedAd> {
  return async (input) => {
    const outcome = await pool.run(AD_WORKER, input);
    if ('refused' in outcome) throw new AppError(outcome.refused.code, outcome.refused.message, outcome.refused.details);
    return { ...outcome.ad, data: asBuffer(outcome.ad.data) };
  };
}
