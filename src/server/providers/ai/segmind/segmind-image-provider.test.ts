import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '#test-fakes/images.ts';
import { segmindAnswers, startSegmindFake, type SegmindFake } from '#test-fakes/segmind-fake.ts';
import type { Sleep } from '../http.ts';
import type { ImageRequest } from '../image-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { generationMessages } from '#contracts/generation.ts';
import { createSegmindImageProvider, type SegmindOptions } from './segmind-image-provider.ts';

const negativePrompt = 'illustration, bokeh, low resolution, bad anatomy, painting, drawing, cartoon, bad quality, low quality';

let fake: SegmindFake;
let sleeps: number[];
const sleep: Sleep = async (ms) => {
  sleeps.push(ms);
};

beforeAll(async () => {
  fake = await startSegmindFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  sleeps = [];
});

function provider(overrides: Partial<SegmindOptions> = {}) {
  return createSegmindImageProvider({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 5000, maxAttempts: 3, sleep, ...overrides });
}

function textRequest(overrides: Partial<ImageRequest> = {}): ImageRequest {
  return {
    mode: 'text',
    modelSlug: 'flux-1.1-pro-ultra',
    prompt: 'a red sneaker on a marble podium',
    negativePrompt,
    seed: 123456,
    width: 1024,
    height: 576,
    aspectRatio: '16:9',
    ...overrides,
  };
}

function context(signal: AbortSignal = new AbortController().signal) {
  const progress: number[] = [];
  return { signal, progress, onProgress: (percent: number) => progress.push(percent) };
}

/** Runs a promise that must fail and returns its ProviderError. */
async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProviderError);
  return failure as ProviderError;
}

describe('segmind image provider: requests', () => {
  it('sends Flux 1.1 Pro Ultra the spec defaults and returns the PNG bytes unchanged', async () => {
    const ctx = context();
    const result = await provider().generate(textRequest(), ctx);

    expect(fake.accepted).toHaveLength(1);
    const sent = fake.accepted[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/flux-1.1-pro-ultra');
    expect(sent.headers['x-api-key']).toBe(fake.apiKey);
    expect(sent.headers['content-type']).toMatch(/^application\/json/);
    expect(sent.body).toEqual({
      prompt: 'a red sneaker on a marble podium',
      negative_prompt: negativePrompt,
      seed: 123456,
      aspect_ratio: '16:9',
      raw: false,
      output_format: 'png',
      safety_tolerance: 2,
    });
    expect(result.mimeType).toBe('image/png');
    expect(result.data.equals(fake.png)).toBe(true);
    expect(result.attributes).toEqual({ remainingCredits: '41.5' });
    expect(ctx.progress).toEqual([10, 90]);
  });

  it('sends the product photo editor both images as base64 and its tuning values', async () => {
    const product = await makePng(40, 40, '#ffffff');
    const background = await makeJpeg(60, 40, '#cccccc');
    const result = await provider().generate(
      textRequest({
        mode: 'product',
        modelSlug: 'ai-product-photo-editor',
        prompt: 'perfume bottle on a beach',
        productImage: product,
        backgroundImage: background,
      }),
      context(),
    );

    const sent = fake.accepted[0]!;
    expect(sent.path).toBe('/v1/ai-product-photo-editor');
    expect(sent.body).toEqual({
      product_image: product.toString('base64'),
      background_image: background.toString('base64'),
      prompt: 'perfume bottle on a beach',
      negative_prompt: negativePrompt,
      num_inference_steps: 21,
      guidance_scale: 6,
      seed: 123456,
      sampler: 'dpmpp_3m_sde_gpu',
      scheduler: 'karras',
      samples: 1,
      ipa_weight: 0.3,
      ipa_weight_type: 'linear',
      ipa_start: 0,
      ipa_end: 0.5,
      ipa_embeds_scaling: 'V only',
      cn_strenght: 0.85,
      cn_start: 0,
      cn_end: 0.8,
      dilation: 10,
      mask_threshold: 220,
      gaussblur_radius: 8,
      base64: false,
    });
    expect(result.data.equals(fake.png)).toBe(true);
  });

  it.each([
    ['productImage', 'A product image is required for the product photo editor.'],
    ['backgroundImage', 'A background image is required for the product photo editor.'],
  ] as const)('refuses a product request without %s before calling Segmind', async (missing, message) => {
    const image = await makePng();
    const request = textRequest({ mode: 'product', modelSlug: 'ai-product-photo-editor', productImage: image, backgroundImage: image });
    delete request[missing];
    const error = await providerError(provider().generate(request, context()));
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends SegFit the outfit, the prompt as the clothing description and the spec defaults', async () => {
    const outfit = await makePng(30, 50, '#123456');
    await provider().generate(
      textRequest({ mode: 'tryon', modelSlug: 'segfit-v1.1', prompt: 'linen summer dress', aspectRatio: '1:1', outfitImage: outfit }),
      context(),
    );

    const sent = fake.accepted[0]!;
    expect(sent.path).toBe('/v1/segfit-v1.1');
    expect(sent.body).toEqual({
      outfit_image: outfit.toString('base64'),
      model_description: 'indian woman',
      cloth_description: 'linen summer dress',
      background_description: 'garden',
      aspect_ratio: '2:3',
      model_type: 'Balanced',
      controlnet_type: 'Depth',
      cn_strength: 0.3,
      cn_end: 0.3,
      image_format: 'png',
      image_quality: 95,
      seed: 123456,
      upscale: false,
      base64: false,
    });
  });

  it('uses the default clothing prompt when the try-on prompt is empty, and requires the outfit', async () => {
    const outfit = await makePng();
    await provider().generate(textRequest({ mode: 'tryon', modelSlug: 'segfit-v1.1', prompt: '  ', outfitImage: outfit }), context());
    expect((fake.accepted[0]!.body as Record<string, unknown>)['cloth_description']).toBe('cloth,dress,stripes,lace');

    const error = await providerError(provider().generate(textRequest({ mode: 'tryon', modelSlug: 'segfit-v1.1' }), context()));
    expect(error.message).toBe('An outfit image is required for the try-on model.');
    expect(fake.requests).toHaveLength(1);
  });

  it('sends other text models the generic body (1 sample, 30 steps, dpmpp_2m, guidance 7.5, the size)', async () => {
    await provider().generate(textRequest({ modelSlug: 'tinysd1.5-txt2img', width: 1024, height: 768, aspectRatio: '4:3' }), context());
    expect(fake.accepted[0]!.body).toEqual({
      prompt: 'a red sneaker on a marble podium',
      negative_prompt: negativePrompt,
      samples: 1,
      num_inference_steps: 30,
      scheduler: 'dpmpp_2m',
      guidance_scale: 7.5,
      seed: 123456,
      img_width: 1024,
      img_height: 768,
      base64: false,
    });
  });

  it('refuses trained requests and unsafe model slugs without calling Segmind', async () => {
    const trained = await providerError(provider().generate(textRequest({ mode: 'trained' }), context()));
    expect(trained.retryable).toBe(false);
    const slug = await providerError(provider().generate(textRequest({ modelSlug: '../admin' }), context()));
    expect(slug.operator).toBe(true);
    expect(slug.message).toBe(generationMessages.unavailable);
    expect(fake.requests).toHaveLength(0);
  });

  it('has a fake that refuses a misspelt field, so a wrong wire format fails these tests', async () => {
    const response = await fetch(`${fake.url}/v1/ai-product-photo-editor`, {
      method: 'POST',
      headers: { 'x-api-key': fake.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        product_image: fake.png.toString('base64'),
        background_image: fake.png.toString('base64'),
        prompt: 'x',
        num_inference_steps: 21,
        cn_strength: 0.85,
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain('cn_strength: unknown field');
  });
});

describe('segmind image provider: responses', () => {
  it('takes the mime type from Content-Type (image/jpeg, and the non-standard image/jpg)', async () => {
    fake.enqueue(segmindAnswers.image(fake.jpeg, 'image/jpeg'), segmindAnswers.image(fake.jpeg, 'image/jpg'));
    for (let i = 0; i < 2; i++) {
      const result = await provider().generate(textRequest(), context());
      expect(result.mimeType).toBe('image/jpeg');
      expect(result.data.equals(fake.jpeg)).toBe(true);
    }
  });

  it('has no attributes when Segmind sends no credits header', async () => {
    fake.enqueue({ kind: 'image', headers: { 'x-remaining-credits': '' } });
    const result = await provider().generate(textRequest(), context());
    expect(result.attributes).toBeUndefined();
  });

  it('reads a base64 image from a JSON answer', async () => {
    fake.enqueue({ kind: 'json', status: 200, body: { image: fake.jpeg.toString('base64'), status: 'Success' } });
    const result = await provider().generate(textRequest(), context());
    expect(result.mimeType).toBe('image/jpeg');
    expect(result.data.equals(fake.jpeg)).toBe(true);

    fake.enqueue({ kind: 'json', status: 200, body: { images: [`data:image/png;base64,${fake.png.toString('base64')}`] } });
    const second = await provider().generate(textRequest(), context());
    expect(second.data.equals(fake.png)).toBe(true);
  });

  it.each([
    ['JSON without an image', { kind: 'json', status: 200, body: { status: 'ok', output: 'not base64 at all!' } }],
    ['an HTML page', { kind: 'raw', status: 200, body: '<html>hello</html>', contentType: 'text/html' }],
    ['no content type', { kind: 'raw', status: 200, body: 'xyz', contentType: '' }],
    ['an empty image', { kind: 'raw', status: 200, body: '', contentType: 'image/png' }],
    ['an image type Klipt cannot keep', { kind: 'raw', status: 200, body: 'GIF89a....', contentType: 'image/gif' }],
  ] as const)('calls %s an invalid response (not retried)', async (_name, answer) => {
    fake.enqueue(answer);
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(error.message).toBe('Invalid response from image generation API');
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.accepted).toHaveLength(1);
  });
});

describe('segmind image provider: errors', () => {
  it.each([400, 404, 422])('surfaces the JSON error of a %i without retrying', async (status) => {
    fake.enqueue(segmindAnswers.error(status, 'Prompt is too long'));
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(error.message).toBe('Prompt is too long');
    expect(error.status).toBe(status);
    expect(error.retryable).toBe(false);
    expect(error.operator).toBe(false);
    expect(fake.accepted).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('falls back to "Failed to generate image" when the error body is not JSON', async () => {
    fake.enqueue({ kind: 'raw', status: 400, body: 'Bad Request', contentType: 'text/plain' });
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(error.message).toBe('Failed to generate image');
    expect(error.retryable).toBe(false);
  });

  it('treats 406 (Segmind out of credits) as an operator problem with a neutral message', async () => {
    fake.enqueue(segmindAnswers.insufficientCredits());
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(error.message).toBe('Image generation is temporarily unavailable. Please try again later.');
    expect(error.operator).toBe(true);
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(406);
    expect((error.cause as Error).message).toContain('Not enough credits');
    expect(fake.accepted).toHaveLength(1);
  });

  it('treats a rejected key (401) as an operator problem', async () => {
    const error = await providerError(provider({ apiKey: 'sg_wrong' }).generate(textRequest(), context()));
    expect(fake.requests).toHaveLength(1);
    expect(error.status).toBe(401);
    expect(error.operator).toBe(true);
    expect(error.message).toBe(generationMessages.unavailable);
    expect((error.cause as Error).message).toContain('invalid or missing API key');
  });

  it('treats 403 as an operator problem', async () => {
    fake.enqueue(segmindAnswers.error(403, 'Forbidden'));
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(error.operator).toBe(true);
    expect(error.message).toBe(generationMessages.unavailable);
  });
});

describe('segmind image provider: retries and timeouts', () => {
  it('retries a 429 after the Retry-After seconds, then succeeds', async () => {
    fake.enqueue(segmindAnswers.rateLimited('7'));
    const result = await provider().generate(textRequest(), context());
    expect(result.data.equals(fake.png)).toBe(true);
    expect(fake.accepted).toHaveLength(2);
    expect(sleeps).toEqual([7000]);
    expect(fake.accepted[1]!.body).toEqual(fake.accepted[0]!.body);
  });

  it('honours a Retry-After date, and caps a huge Retry-After', async () => {
    fake.enqueue(segmindAnswers.rateLimited(new Date(Date.now() + 20_000).toUTCString()), segmindAnswers.rateLimited('3600'));
    await provider().generate(textRequest(), context());
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThan(17_000);
    expect(sleeps[0]).toBeLessThanOrEqual(20_000);
    expect(sleeps[1]).toBe(30_000);
  });

  it('gives up after maxAttempts 429s with a retryable error carrying Segmind’s message', async () => {
    fake.enqueue(segmindAnswers.rateLimited('1'), segmindAnswers.rateLimited('1'), segmindAnswers.rateLimited('1'));
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(fake.accepted).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(error.status).toBe(429);
    expect(error.retryable).toBe(true);
    expect(error.operator).toBe(false);
    expect(error.message).toBe('Rate limit exceeded. Please try again later.');
  });

  it('retries a 500 with backoff, then succeeds', async () => {
    fake.enqueue(segmindAnswers.serverError(500));
    const result = await provider({ baseDelayMs: 1000 }).generate(textRequest(), context());
    expect(result.data.equals(fake.png)).toBe(true);
    expect(fake.accepted).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(500);
    expect(sleeps[0]).toBeLessThanOrEqual(1000);
  });

  it('reports "Failed to generate image", retryable, when 5xx answers outlast the attempts', async () => {
    fake.enqueue(segmindAnswers.serverError(502), segmindAnswers.serverError(503), segmindAnswers.serverError(504));
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(fake.accepted).toHaveLength(3);
    expect(error.message).toBe('Failed to generate image');
    expect(error.status).toBe(504);
    expect(error.retryable).toBe(true);
  });

  it('times out a slow answer per attempt and reports a retryable timeout', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 5000 }, { kind: 'slow', delayMs: 5000 });
    const started = Date.now();
    const error = await providerError(provider({ timeoutMs: 80, maxAttempts: 2 }).generate(textRequest(), context()));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.message).toBe('Image generation timed out');
    expect(error.retryable).toBe(true);
    expect(fake.accepted).toHaveLength(2);
  });

  it('times out a body that stalls after the headers, and retries it', async () => {
    fake.enqueue({ kind: 'stall-body', delayMs: 5000 });
    const result = await provider({ timeoutMs: 150 }).generate(textRequest(), context());
    expect(result.data.equals(fake.png)).toBe(true);
    expect(fake.accepted).toHaveLength(2);
  });

  it('retries a dropped connection, and reports a retryable failure when every attempt drops', async () => {
    fake.enqueue({ kind: 'drop' });
    const result = await provider().generate(textRequest(), context());
    expect(result.data.equals(fake.png)).toBe(true);

    fake.reset();
    fake.enqueue({ kind: 'drop' }, { kind: 'drop' }, { kind: 'drop' });
    const error = await providerError(provider().generate(textRequest(), context()));
    expect(fake.accepted).toHaveLength(3);
    expect(error.message).toBe('Failed to generate image');
    expect(error.retryable).toBe(true);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    fake.enqueue({ kind: 'slow', delayMs: 5000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(provider().generate(textRequest(), context(controller.signal))).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.accepted).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(provider().generate(textRequest(), context(controller.signal))).rejects.toThrow('job cancelled');
    expect(fake.requests).toHaveLength(0);
  });
});
