import type { Config } from '../../config.ts';
import { createBflImageProvider } from './bfl/bfl-image-provider.ts';
import type { ImageProvider } from './image-provider.ts';
import { createOpenAiCompatiblePromptHelper } from './llm/openai-compatible-prompt-helper.ts';
import { createLazyLocalImageProvider, createRuleBasedPromptHelper } from './local/index.ts';
import type { PromptHelper } from './prompt-helper.ts';
import { createSegmindImageProvider } from './segmind/segmind-image-provider.ts';

export interface AiProviders {
  /** Standard models: Segmind when SEGMIND_API_KEY is set, else the local renderer. */
  standardImages: ImageProvider;
  /** Trained models: Black Forest Labs when BFL_API_KEY is set, else the local renderer. */
  trainedImages: ImageProvider;
  /** Always the local renderer (seeded galleries, previews). */
  localImages: ImageProvider;
  promptHelper: PromptHelper;
}

export function createAiProviders(config: Config): AiProviders {
  const localImages = createLazyLocalImageProvider();
  const timeoutMs = config.providerTimeoutMs;
  return {
    localImages,
    standardImages: config.segmind.apiKey
      ? createSegmindImageProvider({ apiKey: config.segmind.apiKey, baseUrl: config.segmind.baseUrl, timeoutMs })
      : localImages,
    trainedImages: config.bfl.apiKey
      ? createBflImageProvider({ apiKey: config.bfl.apiKey, baseUrl: config.bfl.baseUrl, timeoutMs })
      : localImages,
    promptHelper: config.llm.baseUrl
      ? createOpenAiCompatiblePromptHelper({
          baseUrl: config.llm.baseUrl,
          apiKey: config.llm.apiKey ?? '',
          model: config.llm.model,
          timeoutMs: 30_000,
        })
      : createRuleBasedPromptHelper(),
  };
}
