/**
 * A local OpenAI-compatible chat completions server (docs/providers.md#openai-compatible-chat-prompt-helpers): `POST /v1/chat/completions`
 * with `Authorization: Bearer <key>`, checks the body like OpenAI does (unknown arguments are
 * refused), records it, and answers a scripted completion, an empty one, an OpenAI error body, a
 * 429 with Retry-After, a non-JSON page or a slow answer.
 */

import {
  checkFields,
  createScript,
  header,
  sendBytes,
  sendJson,
  startServer,
  waitOrClose,
  type RecordedRequest,
  type Schema,
} from './fake-server.ts';

export type OpenAiAnswer =
  | { kind: 'content'; content: string | null }
  | { kind: 'error'; status: number; message: string; type?: string; code?: string | null; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body: string; contentType: string }
  | { kind: 'slow'; delayMs: number; content?: string };

export const openAiAnswers = {
  content: (content: string | null): OpenAiAnswer => ({ kind: 'content', content }),
  rateLimited: (retryAfter = '1'): OpenAiAnswer => ({
    kind: 'error',
    status: 429,
    message: 'Rate limit reached for gpt-4 in organization org-test on requests per min (RPM): Limit 3, Used 3, Requested 1.',
    type: 'requests',
    code: 'rate_limit_exceeded',
    headers: { 'retry-after': retryAfter },
  }),
  quotaExceeded: (): OpenAiAnswer => ({
    kind: 'error',
    status: 429,
    message: 'You exceeded your current quota, please check your plan and billing details.',
    type: 'insufficient_quota',
    code: 'insufficient_quota',
  }),
  serverError: (): OpenAiAnswer => ({
    kind: 'error',
    status: 500,
    message: 'The server had an error while processing your request.',
    type: 'server_error',
  }),
};

const requestSchema: Schema = {
  model: { type: 'string', required: true, nonEmpty: true },
  temperature: { type: 'number', min: 0, max: 2 },
  top_p: { type: 'number', min: 0, max: 1 },
  max_tokens: { type: 'number', integer: true, min: 1 },
  max_completion_tokens: { type: 'number', integer: true, min: 1 },
  n: { type: 'number', integer: true, min: 1, max: 1 },
  stream: { type: 'boolean', enum: [false] },
  seed: { type: 'number', integer: true },
  user: { type: 'string' },
  presence_penalty: { type: 'number', min: -2, max: 2 },
  frequency_penalty: { type: 'number', min: -2, max: 2 },
};

function checkMessages(messages: unknown): string[] {
  if (!Array.isArray(messages) || messages.length === 0) return ['messages: must be a non-empty array'];
  const problems: string[] = [];
  messages.forEach((message: unknown, index) => {
    if (typeof message !== 'object' || message === null) {
      problems.push(`messages[${index}]: must be an object`);
      return;
    }
    const { role, content, ...rest } = message as Record<string, unknown>;
    if (role !== 'system' && role !== 'user' && role !== 'assistant') problems.push(`messages[${index}].role: invalid`);
    if (typeof content !== 'string' || content.trim() === '') problems.push(`messages[${index}].content: must be a non-empty string`);
    for (const key of Object.keys(rest)) if (key !== 'name') problems.push(`messages[${index}].${key}: unknown field`);
  });
  return problems;
}

function completion(model: string, content: string | null): unknown {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 },
  };
}

function errorBody(message: string, type: string, code: string | null = null, param: string | null = null): unknown {
  return { error: { message, type, param, code } };
}

export interface OpenAiFake {
  /** The base URL an OpenAI client takes: `http://127.0.0.1:<port>/v1`. */
  url: string;
  apiKey: string | null;
  requests: RecordedRequest[];
  /** Requests that passed the checks and consumed an answer. */
  accepted: RecordedRequest[];
  /** Answers for the next valid requests, in order; then the default content. */
  enqueue(...answers: OpenAiAnswer[]): void;
  /** Forgets recorded requests and queued answers. */
  reset(): void;
  close(): Promise<void>;
}

/** `apiKey: null` is a local server that needs no key (Ollama, LM Studio). */
export async function startOpenAiFake(options: { apiKey?: string | null; defaultContent?: string } = {}): Promise<OpenAiFake> {
  const apiKey = options.apiKey === undefined ? 'sk-test-key' : options.apiKey;
  const script = createScript<OpenAiAnswer>();

  const server = await startServer(async (request, res) => {
    script.requests.push(request);
    if (request.path !== '/v1/chat/completions') {
      return sendJson(res, 404, errorBody(`Invalid URL (${request.method} ${request.path})`, 'invalid_request_error'));
    }
    if (request.method !== 'POST') return sendJson(res, 405, errorBody('Method not allowed', 'invalid_request_error'));
    if (apiKey !== null && header(request, 'authorization') !== `Bearer ${apiKey}`) {
      return sendJson(
        res,
        401,
        errorBody(
          'Incorrect API key provided: sk-***. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    }
    if (!(header(request, 'content-type') ?? '').startsWith('application/json') || request.body === undefined) {
      return sendJson(res, 400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error'));
    }
    const { messages, ...rest } = request.body as Record<string, unknown>;
    const problems = [...checkMessages(messages), ...checkFields(rest, requestSchema)];
    if (problems.length > 0) {
      const unknown = problems.find((problem) => problem.endsWith('unknown field') && !problem.startsWith('messages'));
      const message = unknown
        ? `Unrecognized request argument supplied: ${unknown.split(':')[0]}`
        : `Invalid request: ${problems.join('; ')}`;
      return sendJson(res, 400, errorBody(message, 'invalid_request_error'));
    }

    const model = rest['model'] as string;
    const answer = script.accept(request, { kind: 'content', content: options.defaultContent ?? 'A studio photo of the product.' });
    switch (answer.kind) {
      case 'content':
        return sendJson(res, 200, completion(model, answer.content), { 'x-request-id': 'req_fake' });
      case 'error':
        return sendJson(
          res,
          answer.status,
          errorBody(answer.message, answer.type ?? 'invalid_request_error', answer.code ?? null),
          answer.headers,
        );
      case 'raw':
        return sendBytes(res, answer.status, Buffer.from(answer.body), answer.contentType);
      case 'slow':
        if (await waitOrClose(res, answer.delayMs)) sendJson(res, 200, completion(model, answer.content ?? 'late'));
        return;
    }
  });

  return {
    url: `${server.url}/v1`,
    apiKey,
    requests: script.requests,
    accepted: script.accepted,
    enqueue: script.enqueue,
    reset: script.reset,
    close: () => server.close(),
  };
}
