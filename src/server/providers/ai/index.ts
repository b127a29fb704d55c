import type { Config } from '../../config.ts';
import type { RenderPool } from '../../lib/render-pool.ts';
import { createBflImageProvider } from './bfl/bfl-image-provider.ts';
import type { ImageProvider } from './image-provider.ts';
import { createOpenAiCompatiblePromptHelper } from './llm/openai-compatible-prompt-helper.ts';
import { createLocalImageProvider } from './local-image-provider.ts';
import { localImageRenderer } from './local-render-pool.ts';
import { createLocalPromptHelper } from './local-prompt-helper.ts';
import { localVideoRenderer } from './local-video-pool.ts';
import { createLocalVideoProvider } from './local-video-provider.ts';
import type { PromptHelper } from './prompt-helper.ts';
import { createSegmindImageProvider } from './segmind/segmind-image-provider.ts';
import { createSegmindVideoProvider } from './segmind/segmind-video-provider.ts';
import type { VideoProvider } from './video-provider.ts';

export interface AiProviders {
  /** Standard models: Segmind when SEGMIND_API_KEY is set, else the local renderer. */
  standardImages: ImageProvider;
  /** Trained models: Black Forest Labs when BFL_API_KEY is set, else the local renderer. */
  trainedImages: ImageProvider;
  /** Always the local renderer (seeded galleries, previews). */
  localImages: ImageProvider;
  /** Video effects: Segmind when SEGMIND_API_KEY is set, else the local renderer. */
  videos: VideoProvider;
  /** Always the local video renderer (seeded video inspirations). */
  localVideos: VideoProvider;
  promptHelper: PromptHelper;
}

/**
 * `renderPool`: where local pictures and videos are drawn (the runtime passes its pool); without one they are drawn on the
 * calling thread, which tests and one-off scripts that build providers by hand may do.
 */
export function createAiProviders(config: Config, options: { renderPool?: RenderPool } = {}): AiProviders {
  const localImages = createLocalImageProvider(options.renderPool ? localImageRenderer(options.renderPool) : undefined);
  const localVideos = createLocalVideoProvider(options.renderPool ? localVideoRenderer(options.renderPool) : undefined);
  const timeoutMs = config.providerTimeoutMs;
  return {
    localImages,
    localVideos,
    videos: config.segmind.apiKey
      ? createSegmindVideoProvider({ apiKey: config.segmind.apiKey, baseUrl: config.segmind.baseUrl, timeoutMs: 60_000 })
      : localVideos,
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
      : createLocalPromptHelper(),
  };
}
