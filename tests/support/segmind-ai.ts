import { loadConfig } from '#server/config.ts';
import { createAiProviders, type AiProviders } from '#server/providers/ai/index.ts';
import { createSegmindImageProvider } from '#server/providers/ai/segmind/segmind-image-provider.ts';
import type { SegmindFake } from '#test-fakes/segmind-fake.ts';

/**
 * The AI providers of an app configured by `env`, whose standard images come from the Segmind fake
 * and whose retries do not wait (the fake's answers decide the outcome, not the clock).
 */
export function aiWithSegmind(segmind: SegmindFake, env: Record<string, string>): AiProviders {
  return {
    ...createAiProviders(loadConfig(env)),
    standardImages: createSegmindImageProvider({ apiKey: segmind.apiKey, baseUrl: segmind.url, timeoutMs: 5_000, sleep: async () => {} }),
  };
}
