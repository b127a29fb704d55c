/**
 * Segmind image generation (docs/providers.md#segmind): `POST {baseUrl}/v1/{slug}` with `x-api-key` and a
 * JSON body per model; the synchronous answer is the image bytes. Transient failures (network,
 * timeout, 408/429/5xx) are retried by fetchWithRetry; what is left becomes a ProviderError whose
 * message users may see. Problems of Klipt's own Segmind account (406 out of credits, 401/403 bad
 * key) are `operator` errors: users get a neutral message, the real reason is the error's cause.
 */

import { generationMessages } from '#contracts/generation.ts';
import { fetchWithRetry, HttpRequestError, isRetryableStatus, mediaType, parseJson, sniffImageMime, type Sleep } from '../http.ts';
import type { ImageCallContext, ImageProvider, ImageRequest, ImageResult } from '../image-provider.ts';
import { ProviderError } from '../provider-error.ts';
import { segmindBody } from './request-body.ts';

export interface SegmindOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per attempt. Segmind's sync models answer in ~15 s. Default 120 s. */
  timeoutMs?: number;
  /** Attempts in all. Default 3. */
  maxAttempts?: number;
  sleep?: Sleep;
  /** Backoff start (doubles per retry). Default 1 s. */
  baseDelayMs?: number;
}

const provider = 'segmind';
/** Statuses that mean Klipt's own account is at fault: bad key, no credits. */
const operatorStatuses = new Set([401, 402, 403, 406]);

export function errorText(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['error', 'message', 'detail']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'object' && value !== null) {
      const nested = (value as Record<string, unknown>)['message'];
      if (typeof nested === 'string' && nested.trim() !== '') return nested.trim();
    }
  }
  return undefined;
}

/** A base64 image in a JSON answer (`base64: true` style): `image`, `images[0]`, `output`, `data`. */
function base64Image(body: unknown): Buffer | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['image', 'images', 'output', 'data']) {
    let value = record[key];
    if (Array.isArray(value)) value = value[0];
    if (typeof value !== 'string') continue;
    const text = value.replace(/^data:image\/[\w.+-]+;base64,/, '').trim();
    if (!/^[A-Za-z0-9+/\r\n]+={0,2}$/.test(text)) continue;
    const data = Buffer.from(text, 'base64');
    if (sniffImageMime(data)) return data;
  }
  return undefined;
}

function normaliseImageType(type: string): ImageResult['mimeType'] | undefined {
  if (type === 'image/png') return 'image/png';
  if (type === 'image/jpeg' || type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg';
  if (type === 'image/webp') return 'image/webp';
  return undefined;
}

function invalid(detail: string, status?: number): ProviderError {
  return new ProviderError({
    provider,
    message: generationMessages.invalidResponse,
    ...(status === undefined ? {} : { status }),
    cause: new Error(detail),
  });
}

export function createSegmindImageProvider(options: SegmindOptions): ImageProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.segmind.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxAttempts = options.maxAttempts ?? 3;

  async function generate(request: ImageRequest, context: ImageCallContext): Promise<ImageResult> {
    if (!/^[a-z0-9][a-z0-9._-]*$/i.test(request.modelSlug)) {
      throw new ProviderError({
        provider,
        message: generationMessages.unavailable,
        operator: true,
        cause: new Error(`invalid Segmind model slug ${JSON.stringify(request.modelSlug)}`),
      });
    }
    const body = segmindBody(request);
    context.onProgress?.(10);

    let response: Response;
    try {
      response = await fetchWithRetry(
        `${baseUrl}/v1/${request.modelSlug}`,
        {
          method: 'POST',
          headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json', accept: 'image/*, application/json' },
          body: JSON.stringify(body),
        },
        {
          timeoutMs,
          maxAttempts,
          signal: context.signal,
          baseDelayMs: options.baseDelayMs ?? 1000,
          ...(options.sleep ? { sleep: options.sleep } : {}),
        },
      );
    } catch (error) {
      if (context.signal.aborted) throw context.signal.reason;
      if (error instanceof HttpRequestError) {
        throw new ProviderError({
          provider,
          message: error.kind === 'timeout' ? generationMessages.providerTimedOut : generationMessages.failedFallback,
          retryable: true,
          cause: error,
        });
      }
      throw new ProviderError({ provider, message: generationMessages.failedFallback, retryable: true, cause: error });
    }

    const type = mediaType(response);
    const data = Buffer.from(await response.arrayBuffer());

    if (!response.ok) {
      const json = type === 'application/json' || type.endsWith('+json') ? parseJson(data) : undefined;
      const providerMessage = errorText(json);
      const reason = `Segmind answered ${response.status}${providerMessage ? `: ${providerMessage}` : ''}`;
      if (operatorStatuses.has(response.status)) {
        throw new ProviderError({
          provider,
          message: generationMessages.unavailable,
          status: response.status,
          operator: true,
          cause: new Error(reason),
        });
      }
      throw new ProviderError({
        provider,
        message: providerMessage ?? generationMessages.failedFallback,
        status: response.status,
        retryable: isRetryableStatus(response.status),
        cause: new Error(reason),
      });
    }

    let result: ImageResult;
    if (type.startsWith('image/')) {
      const mimeType = normaliseImageType(type) ?? sniffImageMime(data);
      if (!mimeType || data.length === 0) throw invalid(`Segmind sent ${data.length} bytes of ${type}`, response.status);
      result = { data, mimeType };
    } else if (type === 'application/json') {
      const image = base64Image(parseJson(data));
      if (!image) throw invalid('Segmind sent JSON without an image', response.status);
      result = { data: image, mimeType: sniffImageMime(image)! };
    } else {
      throw invalid(`Segmind sent content type ${JSON.stringify(type)}`, response.status);
    }

    const credits = response.headers.get('x-remaining-credits');
    if (credits !== null && credits.trim() !== '') result.attributes = { remainingCredits: credits.trim() };
    context.onProgress?.(90);
    return result;
  }

  return { name: 'segmind', generate };
}
