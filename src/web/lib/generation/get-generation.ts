import type { GenerationJob } from '#contracts/generation.ts';
import { callApi } from '../api-client.ts';
import { getGeneration } from '#contracts/routes.ts';

/** GET /api/generations/:id: one of your jobs (the polling fallback when Server-Sent Events fail). */
export function fetchGeneration(id: string, signal?: AbortSignal): Promise<GenerationJob> {
  return callApi(getGeneration, { params: { id }, ...(signal ? { signal } : {}) });
}
