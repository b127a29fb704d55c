import { createImageGeneration, type CreateImageGenerationInput } from '../../../../contracts/generation.ts';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/generations: checks model, inputs and credits, reserves the cost, answers 202 with the job. */
export function startImageGeneration(body: CreateImageGenerationInput) {
  return callApi(createImageGeneration, { body });
}
