/**
 * The local AI, what Klipt uses when no AI service is configured: an image renderer (`renderer/`), a video
 * frame renderer (`video/`) and a rule-based prompt helper (`prompt-helper/`). Code outside this folder
 * imports only this file; see README.md.
 */
import type { LocalImage, LocalImageContext, LocalImageRequest, LocalVideoRequest } from './requests.ts';

export { LocalAiError } from './errors.ts';
export { createRuleBasedPromptHelper } from './prompt-helper/rule-based-prompt-helper.ts';
export { frameSize as localVideoFrameSize } from './video/frame-size.ts';
export type { LocalImage, LocalImageContext, LocalImageRequest, LocalTrainedModel, LocalVideoRequest, ProductBox } from './requests.ts';

/** Raised when the pictures change: stored built-in inspirations drawn by an older version are drawn again. */
export const LOCAL_RENDERER_VERSION = 2;

// The renderers are imported with the first picture or video, not with this file, so start-up stays fast.

/** Draws a picture from the prompt (and the product or outfit photo), exactly the requested size. */
export async function renderLocalImage(request: LocalImageRequest, context: LocalImageContext): Promise<LocalImage> {
  const { renderImage } = await import('./renderer/render-image.ts');
  return renderImage(request, context);
}

/** The module a worker thread runs to draw pictures off the event loop (its default export takes a RenderTask). */
export const LOCAL_RENDER_WORKER_URL = new URL('./render-worker.ts', import.meta.url);
export { PROGRESS_END as LOCAL_RENDER_PROGRESS_END, type RenderOutcome, type RenderTask } from './render-task.ts';

/** A video's size, frame count and `frame(i)`, which draws frame i as raw RGB (valid until the next call). */
export async function drawLocalVideoFrames(request: LocalVideoRequest) {
  const { drawVideoFrames } = await import('./video/draw-video-frames.ts');
  return drawVideoFrames(request);
}
