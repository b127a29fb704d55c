import { LocalAiError } from '#local-ai/index.ts';
import { ProviderError } from './provider-error.ts';

/** The local AI's refusals as the provider failures the server handles; anything else (an abort) as it is. */
export function asProviderError(error: unknown): unknown {
  if (!(error instanceof LocalAiError)) return error;
  return new ProviderError({ provider: 'local', message: error.message, cause: error.cause });
}
