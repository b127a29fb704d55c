/**
 * A local stand-in for Segmind's synchronous API (`POST /v1/{slug}`, docs/providers.md#segmind): checks the
 * `x-api-key` header and each model's JSON body, records every request, and answers what a test
 * scripted — image bytes by default (a real PNG), JSON errors, 406 out of credits, 429 with
 * Retry-After, 5xx, a wrong content type, slow or stalled answers, dropped connections.
 */

import {
  checkFields,
  createScript,
  header,
  sendBytes,
  sendJson,
  sendStalledBody,
  startServer,
  waitOrClose,
  type RecordedRequest,
  type Schema,
} from './fake-server.ts';
import { makeJpeg, makePng } from './images.ts';

export type SegmindAnswer =
  /** 200 with image bytes (default: the fake's PNG). */
  | { kind: 'image'; data?: Buffer; contentType?: string; headers?: Record<string, string> }
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: string | Buffer; contentType: string; headers?: Record<string, string> }
  /** Waits, then answers the PNG (the client has usually given up by then). */
  | { kind: 'slow'; delayMs: number }
  /** Headers and half the PNG, then silence. */
  | { kind: 'stall-body'; delayMs: number }
  /** Destroys the connection without an answer: a network error. */
  | { kind: 'drop' };

export const segmindAnswers = {
  image: (data?: Buffer, contentType = 'image/png', headers: Record<string, string> = {}): SegmindAnswer => ({
    kind: 'image',
    ...(data ? { data } : {}),
    contentType,
    headers,
  }),
  error: (status: number, message: string, headers: Record<string, string> = {}): SegmindAnswer => ({
    kind: 'json',
    status,
    body: { error: message },
    headers,
  }),
  insufficientCredits: (): SegmindAnswer => ({
    kind: 'json',
    status: 406,
    body: { error: 'Not enough credits. Please recharge your account.' },
  }),
  rateLimited: (retryAfter?: string): SegmindAnswer => ({
    kind: 'json',
    status: 429,
    body: { error: 'Rate limit exceeded. Please try again later.' },
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  }),
  serverError: (status = 500): SegmindAnswer => ({
    kind: 'raw',
    status,
    body: '<html><body>Internal Server Error</body></html>',
    contentType: 'text/html',
  }),
};

const aspectRatios = ['21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16', '9:21'] as const;
const seed = { type: 'number', integer: true, min: -1, max: 2 ** 32 } as const;

/** Request bodies per model, from Segmind's API pages (docs/providers.md#segmind). */
export const segmindSchemas: Record<string, Schema> = {
  'flux-1.1-pro-ultra': {
    prompt: { type: 'string', required: true, nonEmpty: true },
    negative_prompt: { type: 'string' },
    seed: { ...seed, required: true },
    aspect_ratio: { type: 'string', required: true, enum: aspectRatios },
    raw: { type: 'boolean' },
    output_format: { type: 'string', enum: ['jpg', 'png'] },
    safety_tolerance: { type: 'number', integer: true, min: 1, max: 6 },
    image_prompt: { type: 'string', base64Image: true },
    image_prompt_strength: { type: 'number', min: 0, max: 1 },
  },
  'ai-product-photo-editor': {
    product_image: { type: 'string', required: true, base64Image: true },
    background_image: { type: 'string', required: true, base64Image: true },
    prompt: { type: 'string', required: true },
    negative_prompt: { type: 'string' },
    num_inference_steps: { type: 'number', required: true, integer: true, min: 20, max: 100 },
    guidance_scale: { type: 'number', min: 1, max: 25 },
    seed,
    sampler: {
      type: 'string',
      enum: ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'dpmpp_3m_sde', 'dpmpp_3m_sde_gpu', 'ddim', 'uni_pc'],
    },
    scheduler: { type: 'string', enum: ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple', 'ddim_uniform'] },
    samples: { type: 'number', integer: true, min: 1, max: 4 },
    ipa_weight: { type: 'number', min: 0, max: 1 },
    ipa_weight_type: {
      type: 'string',
      enum: ['linear', 'ease in', 'ease out', 'ease in-out', 'reverse in-out', 'weak input', 'weak output', 'weak middle', 'strong middle'],
    },
    ipa_start: { type: 'number', min: 0, max: 1 },
    ipa_end: { type: 'number', min: 0, max: 1 },
    ipa_embeds_scaling: { type: 'string', enum: ['V only', 'K+V', 'K+V w/ C penalty', 'K+mean(V) w/ C penalty'] },
    cn_strenght: { type: 'number', min: 0, max: 1 },
    cn_start: { type: 'number', min: 0, max: 1 },
    cn_end: { type: 'number', min: 0, max: 1 },
    dilation: { type: 'number', integer: true, min: 0 },
    mask_threshold: { type: 'number', integer: true, min: 0, max: 255 },
    gaussblur_radius: { type: 'number', integer: true, min: 0 },
    base64: { type: 'boolean' },
  },
  'segfit-v1.1': {
    outfit_image: { type: 'string', required: true, base64Image: true },
    model_image: { type: 'string', base64Image: true },
    model_description: { type: 'string', required: true, nonEmpty: true },
    cloth_description: { type: 'string' },
    background_description: { type: 'string' },
    aspect_ratio: { type: 'string', enum: aspectRatios },
    model_type: { type: 'string', enum: ['Speed', 'Balanced', 'Quality'] },
    controlnet_type: { type: 'string', enum: ['Depth', 'Canny', 'OpenPose'] },
    cn_strength: { type: 'number', min: 0, max: 1 },
    cn_end: { type: 'number', min: 0, max: 1 },
    image_format: { type: 'string', enum: ['png', 'jpeg', 'webp'] },
    image_quality: { type: 'number', integer: true, min: 1, max: 100 },
    seed,
    upscale: { type: 'boolean' },
    base64: { type: 'boolean' },
  },
  /** A Stable Diffusion family model, for the generic text-to-image body. */
  'tinysd1.5-txt2img': {
    prompt: { type: 'string', required: true, nonEmpty: true },
    negative_prompt: { type: 'string' },
    samples: { type: 'number', integer: true, min: 1, max: 4 },
    num_inference_steps: { type: 'number', integer: true, min: 1, max: 100 },
    scheduler: { type: 'string', enum: ['euler', 'euler_a', 'dpmpp_2m', 'dpmpp_sde', 'ddim', 'pndm', 'lms'] },
    guidance_scale: { type: 'number', min: 1, max: 25 },
    seed,
    img_width: { type: 'number', integer: true, min: 256, max: 1024 },
    img_height: { type: 'number', integer: true, min: 256, max: 1024 },
    base64: { type: 'boolean' },
  },
};

export interface SegmindFake {
  url: string;
  apiKey: string;
  /** The default answer's bytes. */
  png: Buffer;
  jpeg: Buffer;
  /** Every request received, valid or not, in order. */
  requests: RecordedRequest[];
  /** Requests that passed the checks and consumed an answer. */
  accepted: RecordedRequest[];
  /** Answers for the next valid requests, in order; then the default (the PNG). */
  enqueue(...answers: SegmindAnswer[]): void;
  /** Forgets recorded requests and queued answers. */
  reset(): void;
  close(): Promise<void>;
}

export async function startSegmindFake(options: { apiKey?: string } = {}): Promise<SegmindFake> {
  const apiKey = options.apiKey ?? 'sg_test_key';
  const png = await makePng(96, 64, '#8e44ad');
  const jpeg = await makeJpeg(96, 64, '#16a085');
  const script = createScript<SegmindAnswer>();

  const server = await startServer(async (request, res) => {
    script.requests.push(request);
    const slug = /^\/v1\/([\w.-]+)$/.exec(request.path)?.[1];
    if (slug === undefined || !(slug in segmindSchemas)) return sendJson(res, 404, { error: 'Model not found' });
    if (request.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed' });
    if (header(request, 'x-api-key') !== apiKey) return sendJson(res, 401, { error: 'Unauthorized: invalid or missing API key' });
    if (header(request, 'authorization') !== undefined)
      return sendJson(res, 400, { error: 'Segmind authenticates with x-api-key, not Authorization' });
    if (!(header(request, 'content-type') ?? '').startsWith('application/json'))
      return sendJson(res, 400, { error: 'Content-Type must be application/json' });
    if (request.body === undefined) return sendJson(res, 400, { error: 'Invalid JSON body' });
    const problems = checkFields(request.body, segmindSchemas[slug]!);
    if (problems.length > 0) return sendJson(res, 400, { error: `Invalid request: ${problems.join('; ')}` });

    const answer = script.accept(request, { kind: 'image' });
    switch (answer.kind) {
      case 'image':
        return sendBytes(res, 200, answer.data ?? png, answer.contentType ?? 'image/png', {
          'x-remaining-credits': '41.5',
          ...answer.headers,
        });
      case 'json':
        return sendJson(res, answer.status, answer.body, answer.headers);
      case 'raw':
        return sendBytes(res, answer.status, Buffer.from(answer.body), answer.contentType, answer.headers);
      case 'slow':
        if (await waitOrClose(res, answer.delayMs)) sendBytes(res, 200, png, 'image/png');
        return;
      case 'stall-body':
        return sendStalledBody(res, png, 'image/png', answer.delayMs);
      case 'drop':
        res.socket?.destroy();
        return;
    }
  });

  return {
    url: server.url,
    apiKey,
    png,
    jpeg,
    requests: script.requests,
    accepted: script.accepted,
    enqueue: script.enqueue,
    reset: script.reset,
    close: () => server.close(),
  };
}
