import type { CreateImageVariationsInput } from '#contracts/generation.ts';
import { callApi } from '#web/lib/api-client.ts';
import { createImageVariations } from '#contracts/routes.ts';

/** POST /api/generations/variations: reserves the cost of every variation at once, answers 202 with one job each. */
export function startImageVariations(body: CreateImageVariationsInput) {
  return callApi(createImageVariations, { body });
}
