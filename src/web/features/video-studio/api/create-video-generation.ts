import type { CreateVideoGenerationInput } from '#contracts/generation.ts';
import { callApi } from '#web/lib/api-client.ts';
import { createVideoGeneration } from '#contracts/routes.ts';

/** POST /api/generations/video: checks subject, effect, reference and credits, reserves 5 credits, answers 202 with the job. */
export function startVideoGeneration(body: CreateVideoGenerationInput) {
  return callApi(createVideoGeneration, { body });
}
