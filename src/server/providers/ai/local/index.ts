/**
 * The local AI: what Klipt uses when no AI service is configured. A built-in image renderer
 * (`renderer/`, sharp + SVG scenes drawn from the prompt) and a rule-based prompt helper
 * (`prompt-helper/`). This file is the only thing code outside this folder imports; see README.md.
 */
import type { ImageProvider } from '../image-provider.ts';
import type { VideoProvider } from '../video-provider.ts';

export { createRuleBasedPromptHelper } from './prompt-helper/rule-based-prompt-helper.ts';

/** Raised when the pictures change: stored built-in inspirations drawn by an older version are drawn again. */
export const LOCAL_RENDERER_VERSION = 2;

/**
 * The local image renderer. Its modules are imported when the first image is made, not when this is
 * called, so start-up stays fast.
 */
export function createLazyLocalImageProvider(): ImageProvider {
  let provider: Promise<ImageProvider> | undefined;
  return {
    name: 'local',
    async generate(request, context) {
      provider ??= import('./renderer/local-image-provider.ts').then((renderer) => renderer.createLocalImageProvider());
      return (await provider).generate(request, context);
    },
  };
}

/** The local video renderer (ffmpeg), imported when the first video is made. */
export function createLazyLocalVideoProvider(): VideoProvider {
  let provider: Promise<VideoProvider> | undefined;
  return {
    name: 'local',
    async generate(request, context) {
      provider ??= import('./video/local-video-provider.ts').then((renderer) => renderer.createLocalVideoProvider());
      return (await provider).generate(request, context);
    },
  };
}
