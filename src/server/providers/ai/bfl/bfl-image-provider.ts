/**
 * Black Forest Labs, for trained (fine-tuned) models (docs/providers.md#black-forest-labs): submit to `POST
 * {baseUrl}/v1/flux-pro-1.1-ultra-finetuned` with `x-key`, poll the answer's `polling_url` (or
 * `/v1/get_result?id=`) until the task is Ready, then download `result.sample` at once — the URL is
 * pre-signed, expires after 10 minutes and gets no credentials. Each HTTP call is retried on
 * transient failures by fetchWithRetry; `timeoutMs` bounds the whole generation.
 */

import { generationMessages } from '#contracts/generation.ts';
import { trainedModelDefaults } from '#contracts/models.ts';
import {
  fetchWithRetry,
  HttpRequestError,
  isRetryableStatus,
  mediaType,
  parseJson,
  realSleep,
  sniffImageMime,
  type Sleep,
} from '../http.ts';
import type { ImageCallContext, ImageProvider, ImageRequest, ImageResult } from '../image-provider.ts';
import { ProviderError } from '../provider-error.ts';

export interface BflOptions {
  apiKey: string;
  baseUrl?: string;
  /** Wait between two polls. Default 1 s (BFL's own samples poll every 0.5–1 s). */
  pollIntervalMs?: number;
  /** The whole generation: submit, polling and download. Default 5 minutes. */
  timeoutMs?: number;
  /** One HTTP attempt. Default 30 s. */
  requestTimeoutMs?: number;
  /** Attempts per HTTP call. Default 3. */
  maxAttempts?: number;
  sleep?: Sleep;
  /** Backoff start for retried calls. Default 1 s. */
  baseDelayMs?: number;
}

const provider = 'bfl';
const operatorStatuses = new Set([401, 402, 403]);
const moderatedStatuses = new Set(['content moderated', 'request moderated']);
const failedStatuses = new Set(['error', 'failed']);

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** BFL error texts: `{detail: string | [{msg}]}` (FastAPI), `{message}`, `{error}`, or `details.{error,message}` on a task. */
function providerMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const detail = record['detail'];
  if (Array.isArray(detail)) {
    const parts = detail.map((item: unknown) => text((item as { msg?: unknown } | null)?.msg)).filter((part) => part !== undefined);
    if (parts.length > 0) return parts.join('; ');
  }
  const details = record['details'];
  const nested = typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {};
  // `error` is a machine code next to a `message` in BFL's 429 body, so `message` comes first.
  return (
    text(record['message']) ?? text(detail) ?? text(record['error']) ?? text(nested['message']) ?? text(nested['error']) ?? text(details)
  );
}

function imageType(response: Response, data: Buffer): ImageResult['mimeType'] | undefined {
  const sniffed = sniffImageMime(data);
  const type = mediaType(response);
  if (type.startsWith('image/') || type === 'application/octet-stream' || type === 'binary/octet-stream') return sniffed;
  return undefined;
}

/** BFL applies a fine-tune where its trigger word appears in the prompt; add it when the prompt lacks it. */
export function withTriggerWord(prompt: string, triggerWord: string | null): string {
  const word = triggerWord?.trim();
  if (!word) return prompt;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(^|[^\\p{L}\\p{N}_])${escaped}($|[^\\p{L}\\p{N}_])`, 'iu').test(prompt)) return prompt;
  return prompt.trim() === '' ? word : `${word}, ${prompt}`;
}

function number(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function timedOut(cause: unknown): ProviderError {
  return new ProviderError({ provider, message: generationMessages.providerTimedOut, retryable: true, cause });
}

/** A BFL API answer that is not 2xx. */
function apiError(what: string, response: Response, data: Buffer): ProviderError {
  const message = providerMessage(parseJson(data));
  const cause = new Error(`BFL ${what} answered ${response.status}${message ? `: ${message}` : ''}`);
  if (operatorStatuses.has(response.status)) {
    return new ProviderError({ provider, message: generationMessages.unavailable, status: response.status, operator: true, cause });
  }
  return new ProviderError({
    provider,
    message: message ?? generationMessages.failedFallback,
    status: response.status,
    retryable: isRetryableStatus(response.status),
    cause,
  });
}

export function createBflImageProvider(options: BflOptions): ImageProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.bfl.ai').replace(/\/+$/, '');
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const sleep: Sleep = options.sleep ?? realSleep;

  async function generate(request: ImageRequest, context: ImageCallContext): Promise<ImageResult> {
    const trained = request.trained;
    if (request.mode !== 'trained' || !trained || trained.finetuneId.trim() === '') {
      throw new ProviderError({ provider, message: generationMessages.trainedSettingsMissing });
    }
    const body = {
      finetune_id: trained.finetuneId,
      finetune_strength: number(trained.finetuneStrength, trainedModelDefaults.finetuneStrength),
      prompt: withTriggerWord(request.prompt, trained.triggerWord),
      seed: request.seed,
      aspect_ratio: request.aspectRatio,
      safety_tolerance: number(trained.safetyTolerance, trainedModelDefaults.safetyTolerance),
      output_format: trained.outputFormat === 'jpeg' ? 'jpeg' : trainedModelDefaults.outputFormat,
      image_prompt_strength: number(trained.imagePromptStrength, trainedModelDefaults.imagePromptStrength),
    };

    const overall = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([context.signal, overall]);
    const deadline = Date.now() + timeoutMs;

    /** One HTTP call with retries; failures without an answer become ProviderErrors. */
    async function call(url: string, init: RequestInit): Promise<{ response: Response; data: Buffer }> {
      try {
        const response = await fetchWithRetry(url, init, {
          timeoutMs: Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now())),
          maxAttempts,
          signal,
          sleep,
          baseDelayMs: options.baseDelayMs ?? 1000,
          // BFL's 429 body carries `retry_after` (seconds).
          retryAfterFromBody: (data) => {
            const seconds = (parseJson(data) as { retry_after?: unknown } | undefined)?.retry_after;
            return typeof seconds === 'number' && seconds >= 0 ? seconds * 1000 : undefined;
          },
        });
        return { response, data: Buffer.from(await response.arrayBuffer()) };
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        if (overall.aborted || (error instanceof HttpRequestError && error.kind === 'timeout')) throw timedOut(error);
        throw new ProviderError({ provider, message: generationMessages.failedFallback, retryable: true, cause: error });
      }
    }

    const jsonHeaders = { 'x-key': options.apiKey, accept: 'application/json' };

    // 1. Submit.
    const submitted = await call(`${baseUrl}/v1/flux-pro-1.1-ultra-finetuned`, {
      method: 'POST',
      headers: { ...jsonHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!submitted.response.ok) throw apiError('submit', submitted.response, submitted.data);
    const task = parseJson(submitted.data) as { id?: unknown; polling_url?: unknown } | undefined;
    const id = text(task?.id);
    if (!id) {
      throw new ProviderError({
        provider,
        message: generationMessages.invalidResponse,
        cause: new Error('BFL submit answer without an id'),
      });
    }
    const pollingUrl = text(task?.polling_url);
    const pollUrl = pollingUrl && /^https?:\/\//i.test(pollingUrl) ? pollingUrl : `${baseUrl}/v1/get_result?id=${encodeURIComponent(id)}`;
    let progress = 10;
    context.onProgress?.(progress);

    // 2. Poll until the task ends.
    let sample: string | undefined;
    let seed: unknown;
    for (let poll = 1; sample === undefined; poll++) {
      const polled = await call(pollUrl, { method: 'GET', headers: jsonHeaders });
      if (!polled.response.ok) throw apiError('get_result', polled.response, polled.data);
      const answer = parseJson(polled.data) as { status?: unknown; result?: unknown; progress?: unknown } | undefined;
      const status = text(answer?.status);
      if (!answer || !status) {
        throw new ProviderError({
          provider,
          message: generationMessages.invalidResponse,
          cause: new Error('BFL poll answer without a status'),
        });
      }
      const key = status.toLowerCase();
      if (key === 'ready') {
        const result = (typeof answer.result === 'object' && answer.result !== null ? answer.result : {}) as {
          sample?: unknown;
          seed?: unknown;
        };
        sample = text(result.sample);
        if (!sample || !/^https?:\/\//i.test(sample)) {
          throw new ProviderError({
            provider,
            message: generationMessages.invalidResponse,
            cause: new Error('BFL task Ready without a sample URL'),
          });
        }
        seed = result.seed;
        break;
      }
      if (moderatedStatuses.has(key)) {
        throw new ProviderError({
          provider,
          message: generationMessages.moderated,
          cause: new Error(`BFL task ${id}: ${status} ${JSON.stringify(answer)}`),
        });
      }
      if (failedStatuses.has(key)) {
        const message = providerMessage(answer);
        throw new ProviderError({
          provider,
          message: message ?? generationMessages.failedFallback,
          cause: new Error(`BFL task ${id}: ${status}${message ? `: ${message}` : ''}`),
        });
      }
      if (key === 'task not found') {
        throw new ProviderError({
          provider,
          message: generationMessages.failedFallback,
          retryable: true,
          cause: new Error(`BFL lost task ${id}`),
        });
      }
      // Pending, Queued, Processing … and any state BFL adds later (it added Reasoning, Generating): keep waiting.

      const reported =
        typeof answer.progress === 'number' && answer.progress >= 0 && answer.progress <= 1
          ? 10 + 70 * answer.progress
          : 10 + 70 * (1 - 0.8 ** poll);
      const next = Math.min(80, Math.round(reported));
      if (next > progress) {
        progress = next;
        context.onProgress?.(progress);
      }
      if (Date.now() + pollIntervalMs >= deadline) throw timedOut(new Error(`BFL task ${id} still ${status} after ${timeoutMs} ms`));
      try {
        await sleep(pollIntervalMs, signal);
      } catch (error) {
        if (context.signal.aborted) throw context.signal.reason;
        if (overall.aborted) throw timedOut(error);
        throw error;
      }
      if (context.signal.aborted) throw context.signal.reason;
    }

    // 3. Download at once: the URL expires after 10 minutes; it is pre-signed, so no key goes along.
    const downloaded = await call(sample, { method: 'GET', headers: { accept: 'image/*' } });
    if (!downloaded.response.ok) {
      throw new ProviderError({
        provider,
        message: generationMessages.failedFallback,
        status: downloaded.response.status,
        retryable: isRetryableStatus(downloaded.response.status),
        cause: new Error(`BFL sample download answered ${downloaded.response.status}`),
      });
    }
    const mimeType = imageType(downloaded.response, downloaded.data);
    if (!mimeType) {
      throw new ProviderError({
        provider,
        message: generationMessages.invalidResponse,
        cause: new Error(`BFL sample is ${downloaded.data.length} bytes of ${JSON.stringify(mediaType(downloaded.response))}`),
      });
    }
    context.onProgress?.(90);
    const result: ImageResult = { data: downloaded.data, mimeType };
    if (typeof seed === 'number' && Number.isFinite(seed)) result.attributes = { seed: String(seed) };
    return result;
  }

  return { name: 'bfl', generate };
}
