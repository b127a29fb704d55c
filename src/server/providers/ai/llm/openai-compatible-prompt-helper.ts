/**
 * Prompt enhance/rewrite through any OpenAI-compatible chat completions API (docs/providers.md#openai-compatible-chat-prompt-helpers):
 * OpenAI, Ollama, vLLM, LM Studio, llama.cpp. `POST {baseUrl}/chat/completions` with a system and a
 * user message; the first choice's content is the new prompt. Transient failures (network,
 * timeout, 408/429/5xx) are retried; OpenAI's `error.message` is surfaced otherwise. A rejected key
 * or an exhausted quota is Klipt's problem, not the user's: those get a neutral message.
 */

import type { BrandVoice } from '#contracts/brand-voice.ts';
import { promptMessages } from '#contracts/prompts.ts';
import { fetchWithRetry, HttpRequestError, isRetryableStatus, joinUrl, parseJson, type Sleep } from '../http.ts';
import { ProviderError } from '../provider-error.ts';
import type { PromptHelper } from '../prompt-helper.ts';

export interface OpenAiCompatibleOptions {
  /** Up to and including the version, e.g. 'https://api.openai.com/v1' or 'http://localhost:11434/v1'. */
  baseUrl: string;
  /** Sent as a Bearer token; local servers that need none may get ''. */
  apiKey: string;
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** Per attempt. Default 30 s. */
  timeoutMs?: number;
  /** Attempts in all. Default 3. */
  maxAttempts?: number;
  sleep?: Sleep;
  baseDelayMs?: number;
}

type Kind = 'image' | 'video';

const imageExpert = 'You are an expert at writing prompts for AI image generation for e-commerce product marketing.';
const videoExpert =
  'You are an expert at writing subjects for AI video effects for e-commerce product marketing. A subject names the main thing in the reference image in one to three words, for example "red sneaker" or "woman".';

export const systemPrompts: Record<'enhance' | 'rewrite', Record<Kind, string>> = {
  enhance: {
    image: `${imageExpert} Improve the user's prompt so it is clear and concise, keeps the original intent, and adds useful visual detail (subject, setting, lighting, composition, style). Reply with the improved prompt only.`,
    video: `${videoExpert} Improve the user's subject so it is clear and precise and keeps the original intent, in one to three words. Reply with the improved subject only.`,
  },
  rewrite: {
    image: `${imageExpert} Rewrite the prompt according to the requested change, keep everything else, and reply with the rewritten prompt only, without quotes or explanations.`,
    video: `${videoExpert} Rewrite the subject according to the requested change, keep it to one to three words, and reply with the rewritten subject only, without quotes or explanations.`,
  },
};

/** What a chosen brand kit adds to the system message: its voice, its words to avoid and (for images) its colours. */
export function brandInstructions(brand: BrandVoice | undefined, kind: Kind): string {
  if (!brand) return '';
  const parts: string[] = [];
  if (brand.voice) parts.push(`Write in this brand's voice: ${brand.voice.replace(/\s+/g, ' ').trim()}`);
  if (brand.avoidWords.length > 0) parts.push(`Never use these words: ${brand.avoidWords.map((w) => `"${w}"`).join(', ')}.`);
  if (kind === 'image' && brand.colours.length > 0) {
    parts.push(`Where colours fit, use the brand's colours: ${brand.colours.map((c) => `${c.name} (${c.hex})`).join(', ')}.`);
  }
  return parts.length === 0 ? '' : ` ${parts.join(' ')}`;
}

const provider = 'openai-compatible';

/** Trims, and strips wrapping quotes and a leading "Improved prompt:"-style label the model may add. */
export function cleanReply(reply: string): string {
  let text = reply.trim();
  text = text.replace(/^(?:(?:improved|enhanced|rewritten|new|updated)\s+)?(?:prompt|subject)\s*:\s*/i, '').trim();
  const pairs: Array<[string, string]> = [
    ['"', '"'],
    ["'", "'"],
    ['`', '`'],
    ['\u201c', '\u201d'],
    ['\u2018', '\u2019'],
    ['\u00ab', '\u00bb'],
  ];
  for (let changed = true; changed && text.length >= 2;) {
    changed = false;
    for (const [open, close] of pairs) {
      if (text.startsWith(open) && text.endsWith(close)) {
        text = text.slice(open.length, text.length - close.length).trim();
        changed = true;
      }
    }
  }
  return text;
}

function openAiError(body: unknown): { message?: string; type?: string; code?: string } {
  const error = (body as { error?: unknown } | undefined)?.error;
  if (typeof error === 'string') return { message: error };
  if (typeof error !== 'object' || error === null) return {};
  const record = error as Record<string, unknown>;
  const pick = (key: string): string | undefined => {
    const value = record[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const message = pick('message');
  const type = pick('type');
  const code = pick('code');
  return { ...(message ? { message } : {}), ...(type ? { type } : {}), ...(code ? { code } : {}) };
}

function isQuotaError(body: unknown): boolean {
  const { type, code } = openAiError(body);
  return type === 'insufficient_quota' || code === 'insufficient_quota';
}

/** The first choice's text: a string, or (some servers) an array of text parts. */
function replyText(body: unknown): string {
  const choices = (body as { choices?: unknown } | undefined)?.choices;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const content = (first as { message?: { content?: unknown } } | undefined)?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown) => (typeof (part as { text?: unknown })?.text === 'string' ? (part as { text: string }).text : ''))
      .join('');
  }
  return '';
}

export function createOpenAiCompatiblePromptHelper(options: OpenAiCompatibleOptions): PromptHelper {
  const url = joinUrl(options.baseUrl, 'chat/completions');
  const model = options.model ?? 'gpt-4';
  const temperature = options.temperature ?? 0.7;
  const maxTokens = options.maxTokens ?? 200;

  async function complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (options.apiKey.trim() !== '') headers['authorization'] = `Bearer ${options.apiKey.trim()}`;
    let response: Response;
    try {
      response = await fetchWithRetry(
        url,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            model,
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: user },
            ],
            temperature,
            max_tokens: maxTokens,
          }),
        },
        {
          timeoutMs: options.timeoutMs ?? 30_000,
          maxAttempts: options.maxAttempts ?? 3,
          signal,
          baseDelayMs: options.baseDelayMs ?? 500,
          ...(options.sleep ? { sleep: options.sleep } : {}),
          // "You exceeded your current quota" also comes as a 429, but waiting will not fix it.
          isRetryable: (answer, data) => isRetryableStatus(answer.status) && !(answer.status === 429 && isQuotaError(parseJson(data))),
        },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const timedOut = error instanceof HttpRequestError && error.kind === 'timeout';
      throw new ProviderError({
        provider,
        message: timedOut ? promptMessages.assistantTimedOut : promptMessages.assistantUnreachable,
        retryable: true,
        cause: error,
      });
    }

    const data = Buffer.from(await response.arrayBuffer());
    const body = parseJson(data);
    if (!response.ok) {
      const { message } = openAiError(body);
      const cause = new Error(`chat completions answered ${response.status}${message ? `: ${message}` : ''}`);
      if (response.status === 401 || response.status === 403 || isQuotaError(body)) {
        throw new ProviderError({ provider, message: promptMessages.assistantUnavailable, status: response.status, operator: true, cause });
      }
      throw new ProviderError({
        provider,
        message: message ?? `The prompt assistant failed (HTTP ${response.status})`,
        status: response.status,
        retryable: isRetryableStatus(response.status),
        cause,
      });
    }
    if (body === undefined) {
      throw new ProviderError({
        provider,
        message: promptMessages.assistantInvalidResponse,
        cause: new Error(`not JSON: ${data.subarray(0, 200).toString('utf8')}`),
      });
    }
    return cleanReply(replyText(body));
  }

  return {
    name: 'openai-compatible',
    async enhance(prompt, context) {
      const system = systemPrompts.enhance[context.kind] + brandInstructions(context.brand, context.kind);
      const result = await complete(system, prompt.trim(), context.signal);
      if (result === '') throw new Error(promptMessages.enhanceEmptyResult);
      return result;
    },
    async rewrite(prompt, goal, context) {
      const noun = context.kind === 'video' ? 'Subject' : 'Prompt';
      const result = await complete(
        systemPrompts.rewrite[context.kind] + brandInstructions(context.brand, context.kind),
        `${noun}: ${prompt.trim()}\nRequested change: ${goal.trim()}`,
        context.signal,
      );
      if (result === '') throw new Error(promptMessages.rewriteEmptyResult);
      return result;
    },
  };
}
