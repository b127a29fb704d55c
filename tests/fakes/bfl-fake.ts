/**
 * A local stand-in for Black Forest Labs' async API (docs/providers.md#black-forest-labs): `POST
 * /v1/flux-pro-1.1-ultra-finetuned` with `x-key` answers `{id, polling_url}` pointing back at this
 * server; `GET /v1/get_result?id=` answers Pending a scripted number of times, then Ready with a
 * `result.sample` URL this server also serves (without auth, like BFL's signed delivery URLs), or
 * Error / Content Moderated / Request Moderated / Task not found. Submits can be scripted to answer
 * 402, 429 with `retry_after`, 5xx.
 */

import type { ServerResponse } from 'node:http';
import { checkFields, header, sendBytes, sendJson, startServer, waitOrClose, type RecordedRequest, type Schema } from './fake-server.ts';
import { makePng } from './images.ts';

export type BflHttpAnswer =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: string; contentType: string }
  | { kind: 'slow'; delayMs: number };

export interface BflTaskScript {
  /** Pending answers before the outcome. Default 2. */
  pending?: number;
  /** Default 'Ready'. */
  outcome?: 'Ready' | 'Error' | 'Content Moderated' | 'Request Moderated' | 'Task not found';
  /** The `error` text of an Error outcome. */
  errorMessage?: string;
  /** Leave `polling_url` out of the submit answer (the adapter must fall back to get_result). */
  omitPollingUrl?: boolean;
  /** What the sample URL answers. Default: the PNG. */
  sample?: { status?: number; data?: Buffer; contentType?: string };
  /** One-off answers for this task's polls, used before the script (e.g. a 429, a 503). */
  pollAnswers?: BflHttpAnswer[];
}

export const bflAnswers = {
  outOfCredits: (): BflHttpAnswer => ({
    kind: 'json',
    status: 402,
    body: { detail: 'Insufficient credits. Please add credits to your account.' },
  }),
  rateLimited: (retryAfterSeconds = 5): BflHttpAnswer => ({
    kind: 'json',
    status: 429,
    body: { error: 'rate_limit_exceeded', message: 'Too many concurrent requests', retry_after: retryAfterSeconds },
  }),
  serverError: (status = 500): BflHttpAnswer => ({ kind: 'json', status, body: { detail: 'Internal server error' } }),
};

/** FinetuneFluxUltraInput (docs.bfl.ai), the fields Klipt uses plus the documented optional ones. */
export const bflFinetuneSchema: Schema = {
  finetune_id: { type: 'string', required: true, nonEmpty: true },
  finetune_strength: { type: 'number', min: 0, max: 2 },
  prompt: { type: 'string' },
  seed: { type: 'number', integer: true, min: 0 },
  aspect_ratio: { type: 'string', pattern: /^\d+:\d+$/ },
  safety_tolerance: { type: 'number', integer: true, min: 0, max: 6 },
  output_format: { type: 'string', enum: ['jpeg', 'png'] },
  image_prompt: { type: 'string' },
  image_prompt_strength: { type: 'number', min: 0, max: 1 },
  prompt_upsampling: { type: 'boolean' },
  raw: { type: 'boolean' },
  webhook_url: { type: 'string' },
  webhook_secret: { type: 'string' },
};

interface Task {
  id: string;
  script: BflTaskScript;
  polls: number;
  seed: number;
  prompt: string;
}

export interface BflFake {
  url: string;
  apiKey: string;
  png: Buffer;
  requests: RecordedRequest[];
  /** Accepted submits. */
  submissions: RecordedRequest[];
  polls: RecordedRequest[];
  downloads: RecordedRequest[];
  /** Answers for the next valid submits, used before accepting (a 402, a 429 …). */
  enqueueSubmit(...answers: BflHttpAnswer[]): void;
  /** Scripts for the next accepted tasks, in order; then the default (2 × Pending, Ready). */
  enqueueTask(...scripts: BflTaskScript[]): void;
  /** Forgets recorded requests and queued scripts (tasks already submitted stay pollable). */
  reset(): void;
  close(): Promise<void>;
}

export async function startBflFake(options: { apiKey?: string } = {}): Promise<BflFake> {
  const apiKey = options.apiKey ?? 'bfl_test_key';
  const png = await makePng(80, 80, '#d35400');
  const submitQueue: BflHttpAnswer[] = [];
  const taskQueue: BflTaskScript[] = [];
  const tasks = new Map<string, Task>();
  const requests: RecordedRequest[] = [];
  const submissions: RecordedRequest[] = [];
  const polls: RecordedRequest[] = [];
  const downloads: RecordedRequest[] = [];
  let counter = 0;
  let baseUrl = '';

  async function answer(res: ServerResponse, scripted: BflHttpAnswer): Promise<void> {
    if (scripted.kind === 'json') return sendJson(res, scripted.status, scripted.body, scripted.headers);
    if (scripted.kind === 'raw') return sendBytes(res, scripted.status, Buffer.from(scripted.body), scripted.contentType);
    if (await waitOrClose(res, scripted.delayMs)) sendJson(res, 200, { id: 'late', status: 'Pending', result: null, progress: null });
  }

  const server = await startServer(async (request, res) => {
    requests.push(request);

    if (request.path.startsWith('/samples/')) {
      downloads.push(request);
      if (request.method !== 'GET') return sendJson(res, 405, { detail: 'Method not allowed' });
      // Delivery URLs are pre-signed: a key sent along means the adapter leaks it to a CDN.
      if (header(request, 'x-key') !== undefined || header(request, 'authorization') !== undefined) {
        return sendJson(res, 400, { detail: 'Credentials must not be sent to the delivery URL' });
      }
      const id = /^\/samples\/([\w-]+)\.png$/.exec(request.path)?.[1];
      const task = id ? tasks.get(id) : undefined;
      if (!task || request.query.get('sig') !== `sig-${task.id}`) return sendJson(res, 404, { detail: 'Not found' });
      const sample = task.script.sample ?? {};
      return sendBytes(res, sample.status ?? 200, sample.data ?? png, sample.contentType ?? 'image/png');
    }

    if (header(request, 'x-key') !== apiKey) return sendJson(res, 401, { detail: 'Not authenticated' });
    if (header(request, 'authorization') !== undefined) return sendJson(res, 400, { detail: 'BFL authenticates with x-key' });

    if (request.path === '/v1/flux-pro-1.1-ultra-finetuned') {
      if (request.method !== 'POST') return sendJson(res, 405, { detail: 'Method Not Allowed' });
      if (!(header(request, 'content-type') ?? '').startsWith('application/json')) {
        return sendJson(res, 422, { detail: [{ loc: ['body'], msg: 'Content-Type must be application/json', type: 'value_error' }] });
      }
      const problems = checkFields(request.body, bflFinetuneSchema);
      if (problems.length > 0) {
        return sendJson(res, 422, { detail: problems.map((msg) => ({ loc: ['body'], msg, type: 'value_error' })) });
      }
      const scripted = submitQueue.shift();
      if (scripted) return answer(res, scripted);
      submissions.push(request);
      const body = request.body as { seed?: number; prompt?: string };
      counter += 1;
      const id = `task-${counter}`;
      const script = taskQueue.shift() ?? {};
      tasks.set(id, { id, script, polls: 0, seed: body.seed ?? 42, prompt: body.prompt ?? '' });
      const pollingUrl = `${baseUrl}/v1/get_result?id=${id}`;
      return sendJson(res, 200, {
        id,
        ...(script.omitPollingUrl ? {} : { polling_url: pollingUrl }),
        cost: 6,
        input_mp: 0,
        output_mp: 4,
      });
    }

    if (request.path === '/v1/get_result') {
      polls.push(request);
      if (request.method !== 'GET') return sendJson(res, 405, { detail: 'Method Not Allowed' });
      const id = request.query.get('id');
      if (!id) return sendJson(res, 422, { detail: [{ loc: ['query', 'id'], msg: 'Field required', type: 'missing' }] });
      const task = tasks.get(id);
      if (!task) return sendJson(res, 200, { id, status: 'Task not found', result: null, progress: null });
      const scripted = task.script.pollAnswers?.shift();
      if (scripted) return answer(res, scripted);
      task.polls += 1;
      const pending = task.script.pending ?? 2;
      if (task.polls <= pending) {
        return sendJson(res, 200, { id, status: task.polls === 1 ? 'Pending' : 'Processing', result: null, progress: null });
      }
      const outcome = task.script.outcome ?? 'Ready';
      if (outcome === 'Ready') {
        return sendJson(res, 200, {
          id,
          status: 'Ready',
          result: {
            sample: `${baseUrl}/samples/${id}.png?sig=sig-${id}`,
            prompt: task.prompt,
            seed: task.seed,
            start_time: 1,
            end_time: 2,
            duration: 1,
          },
          progress: null,
        });
      }
      if (outcome === 'Error') {
        return sendJson(res, 200, {
          id,
          status: 'Error',
          result: null,
          progress: null,
          error: task.script.errorMessage ?? 'Generation failed',
        });
      }
      return sendJson(res, 200, {
        id,
        status: outcome,
        result: null,
        progress: null,
        details: { moderation_reasons: ['Derivative Works Filter'] },
      });
    }

    return sendJson(res, 404, { detail: 'Not Found' });
  });
  baseUrl = server.url;

  return {
    url: server.url,
    apiKey,
    png,
    requests,
    submissions,
    polls,
    downloads,
    enqueueSubmit: (...answers) => {
      submitQueue.push(...answers);
    },
    enqueueTask: (...scripts) => {
      taskQueue.push(...scripts);
    },
    reset: () => {
      for (const list of [requests, submissions, polls, downloads]) list.length = 0;
      submitQueue.length = 0;
      taskQueue.length = 0;
    },
    close: () => server.close(),
  };
}
