/**
 * Segmind video effects (docs/providers.md#segmind-video-effects) through the asynchronous v2 API:
 * `POST {base}/v2/video-effects` → `{request_id, status_url, response_url}`; the status URL is
 * polled with backoff until COMPLETED or FAILED (422 with `error`); the response URL gives the
 * output URL, downloaded at once (provider URLs expire). The key goes to Segmind's host only.
 */
import { videoMessages } from '#contracts/generation.ts';
import { fetchWithRetry, HttpRequestError, isRetryableStatus, mediaType, parseJson, realSleep, type Sleep } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import type { VideoCallContext, VideoProvider, VideoRequest, VideoResult } from '../video-provider.ts';
import { errorText } from './segmind-image-provider.ts';

export interface SegmindVideoOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per HTTP attempt (submit, one poll, the download). Default 60 s. */
  timeoutMs?: number;
  maxAttempts?: number;
  sleep?: Sleep;
  /** First wait between polls; grows by half up to `maxPollIntervalMs`. Default 2 s. */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Largest video accepted. Default 200 MB. */
  maxBytes?: number;
}

const provider = 'segmind';
const operatorStatuses = new Set([401, 402, 403, 404, 406]);

const failure = (message: string, extra: { status?: number; retryable?: boolean; operator?: boolean; cause?: unknown } = {}) =>
  new ProviderError({ provider, message, ...extra });

interface Submitted {
  statusUrl: string;
  responseUrl: string;
}

/** Turns a non-2xx answer into the error users and operators should see. */
async function refuse(response: Response, what: string): Promise<never> {
  const body = Buffer.from(await response.arrayBuffer());
  const message = errorText(parseJson(body));
  const reason = new Error(`Segmind ${what} answered ${response.status}${message ? `: ${message}` : ''}`);
  if (operatorStatuses.has(response.status))
    throw failure(videoMessages.unavailable, { status: response.status, operator: true, cause: reason });
  throw failure(message ?? videoMessages.failedFallback, {
    status: response.status,
    retryable: isRetryableStatus(response.status),
    cause: reason,
  });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  const body = parseJson(Buffer.from(await response.arrayBuffer()));
  if (typeof body !== 'object' || body === null)
    throw failure(videoMessages.invalidResponse, { cause: new Error('Segmind sent no JSON object') });
  return body as Record<string, unknown>;
}

export function createSegmindVideoProvider(options: SegmindVideoOptions): VideoProvider {
  const baseUrl = (options.baseUrl ?? 'https://api.segmind.com').replace(/\/+$/, '');
  const apiHost = new URL(baseUrl).host;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const sleep = options.sleep ?? realSleep;
  const maxBytes = options.maxBytes ?? 200 * 1024 * 1024;

  /** One HTTP exchange with retries; the key is sent only to Segmind's own host. */
  async function call(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:')
      throw failure(videoMessages.invalidResponse, { cause: new Error(`URL ${url}`) });
    const headers = new Headers(init.headers);
    if (target.host === apiHost) headers.set('x-api-key', options.apiKey);
    try {
      return await fetchWithRetry(target, { ...init, headers }, { timeoutMs, maxAttempts, signal, sleep, baseDelayMs: 1000 });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const timedOut = error instanceof HttpRequestError && error.kind === 'timeout';
      throw failure(timedOut ? 'Video generation timed out' : videoMessages.failedFallback, { retryable: true, cause: error });
    }
  }

  async function submit(request: VideoRequest, signal: AbortSignal): Promise<Submitted> {
    const response = await call(
      `${baseUrl}/v2/video-effects`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          subject: request.subject,
          negative_prompt: request.negativePrompt,
          effect: request.effect,
          image: request.image.toString('base64'),
          seed: request.seed,
          video_length: request.videoLength,
          resolution: String(request.resolution),
          steps: request.steps,
          base64: false,
        }),
      },
      signal,
    );
    if (!response.ok) return refuse(response, 'submit');
    const body = await json(response);
    const statusUrl = body['status_url'];
    const responseUrl = body['response_url'];
    if (typeof statusUrl !== 'string' || typeof responseUrl !== 'string')
      throw failure(videoMessages.invalidResponse, { cause: new Error('Segmind submit answer without status_url/response_url') });
    return { statusUrl, responseUrl };
  }

  async function waitUntilDone(submitted: Submitted, context: VideoCallContext): Promise<void> {
    let interval = options.pollIntervalMs ?? 2_000;
    const maxInterval = options.maxPollIntervalMs ?? 10_000;
    for (;;) {
      await sleep(interval, context.signal).catch((error: unknown) => {
        throw context.signal.aborted ? context.signal.reason : error;
      });
      context.signal.throwIfAborted();
      const response = await call(submitted.statusUrl, { method: 'GET', headers: { accept: 'application/json' } }, context.signal);
      if (response.status === 422) {
        const body = await json(response);
        throw failure(errorText(body) ?? videoMessages.failedFallback, { status: 422, cause: new Error('Segmind reported FAILED') });
      }
      if (!response.ok) return refuse(response, 'status');
      const reported = (await json(response))['status'];
      const status = typeof reported === 'string' ? reported.toUpperCase() : '';
      if (status === 'COMPLETED') return;
      if (status === 'FAILED') throw failure(videoMessages.failedFallback, { cause: new Error('Segmind reported FAILED') });
      context.onPhase?.('generating');
      interval = Math.min(maxInterval, Math.round(interval * 1.5));
    }
  }

  async function download(submitted: Submitted, context: VideoCallContext): Promise<Buffer> {
    const result = await call(submitted.responseUrl, { method: 'GET', headers: { accept: 'application/json' } }, context.signal);
    if (!result.ok) return refuse(result, 'result');
    const output = outputUrl((await json(result))['output']);
    if (!output) throw failure(videoMessages.invalidResponse, { cause: new Error('Segmind result without an output URL') });
    context.onPhase?.('finalizing');
    const video = await call(output, { method: 'GET', headers: { accept: 'video/*' } }, context.signal);
    if (!video.ok) return refuse(video, 'output download');
    const length = Number(video.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw failure(videoMessages.invalidResponse, { cause: new Error(`output of ${length} bytes`) });
    const data = Buffer.from(await video.arrayBuffer());
    const type = mediaType(video);
    const looksLikeMp4 = data.subarray(4, 8).toString('latin1') === 'ftyp';
    if (
      data.length === 0 ||
      data.length > maxBytes ||
      !(type.startsWith('video/') || (type === 'application/octet-stream' && looksLikeMp4))
    )
      throw failure(videoMessages.invalidResponse, { cause: new Error(`Segmind output is ${data.length} bytes of ${type}`) });
    return data;
  }

  return {
    name: 'segmind',
    async generate(request: VideoRequest, context: VideoCallContext): Promise<VideoResult> {
      const submitted = await submit(request, context.signal);
      context.onPhase?.('generating');
      await waitUntilDone(submitted, context);
      return { data: await download(submitted, context), mimeType: 'video/mp4' };
    },
  };
}

/** Segmind's `output` is model-specific: a URL, a list of URLs or `{url}`. */
function outputUrl(output: unknown): string | undefined {
  const first = Array.isArray(output) ? output[0] : output;
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && typeof (first as { url?: unknown }).url === 'string')
    return (first as { url: string }).url;
  return undefined;
}
