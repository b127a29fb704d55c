import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Contract } from './contract.ts';
import { cleanName, fieldMessages, text } from './fields.ts';

/**
 * Every field of every contract's params, query and body, found by walking the zod schemas of the
 * contract files: a field added tomorrow is checked the day it is written.
 */
const contractsDir = import.meta.dirname;

function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value && 'response' in value;
}

async function allContracts(): Promise<Contract[]> {
  const found = new Set<Contract>();
  for (const file of readdirSync(contractsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(contractsDir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isContract(value)) found.add(value);
  }
  return [...found];
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType) => schema.def as unknown as Def;
const wrappers = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional', 'catch']);

interface Field {
  where: string;
  schema: z.ZodType;
}

/** The leaves of a request schema: each property that is not itself an object (wrappers included). */
function fieldsOf(schema: z.ZodType, where: string): Field[] {
  const def = defOf(schema);
  if (def.type === 'object') return Object.entries(def.shape ?? {}).flatMap(([key, value]) => fieldsOf(value, `${where}.${key}`));
  if (def.type === 'array' && def.element) return fieldsOf(def.element, `${where}[]`);
  if (wrappers.has(def.type) && def.innerType && defOf(def.innerType).type === 'object') return fieldsOf(def.innerType, where);
  return [{ where, schema }];
}

/** The string schema a field starts with (through optional/nullable/default and the input side of pipes). */
function innerString(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  if (def.type === 'string') return schema;
  if (wrappers.has(def.type) && def.innerType) return innerString(def.innerType);
  if (def.type === 'pipe' && def.in) return innerString(def.in);
  if (def.type === 'union') return def.options?.map(innerString).find((inner) => inner !== undefined);
  return undefined;
}

/** The string's `max`, if it has one. */
function maxLength(schema: z.ZodType | undefined): number | undefined {
  return (schema as z.ZodString | undefined)?.maxLength ?? undefined;
}

async function requestFields(): Promise<Field[]> {
  const fields: Field[] = [];
  for (const contract of await allContracts()) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = contract[part];
      if (schema) fields.push(...fieldsOf(schema, `${contract.method} ${contract.path} ${part}`));
    }
  }
  return fields;
}

const firstMessage = (result: z.ZodSafeParseResult<unknown>) => result.error?.issues[0]?.message;

/** Values a free-text field accepts (a password too, a file name, a URL). */
const plainValues = ['okay1234', 'https://example.com/okay'];
/** NUL, other control characters (C0, DEL, C1) and lone surrogates (high, low, and a pair in the wrong order). */
const unstorable = ['\u0000', '\ud800', '\udc00', '\udc00\ud800', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b31m'];

describe('every string a contract accepts', () => {
  it('finds the request fields of the contracts', async () => {
    const fields = await requestFields();
    expect(fields.length).toBeGreaterThan(30);
    expect(fields.map((f) => f.where)).toEqual(
      expect.arrayContaining([
        'POST /api/generations body.prompt',
        'PUT /api/profile body.displayName',
        'GET /api/inspirations/images query.search',
      ]),
    );
  });

  it('refuses NUL, control characters and lone surrogates, alone or inside a valid value, or removes them (names)', async () => {
    const accepted: string[] = [];
    for (const { where, schema } of await requestFields()) {
      for (const bad of unstorable) {
        for (const value of [
          bad,
          ...plainValues.flatMap((ok) => [`${ok}${bad}`, `${bad}${ok}`, `${ok.slice(0, 4)}${bad}${ok.slice(4)}`]),
        ]) {
          // A name removes C1 controls on save (cleanName): what it keeps is what counts.
          const result = schema.safeParse(value);
          if (result.success && String(result.data).includes(bad)) accepted.push(`${where} accepts ${JSON.stringify(value)}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('says why in one clear message wherever free text is accepted (every text field is made with text())', async () => {
    const wrong: string[] = [];
    let freeText = 0;
    for (const { where, schema } of await requestFields()) {
      for (const ok of plainValues.filter((v) => schema.safeParse(v).success)) {
        freeText += 1;
        for (const bad of ['\u0000', '\ud800']) {
          const message = firstMessage(schema.safeParse(`${ok}${bad}`));
          if (message !== fieldMessages.invalidCharacters) wrong.push(`${where} ${JSON.stringify(ok + bad)}: ${message}`);
        }
      }
    }
    expect(freeText).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it('reads the control-character message for a list of texts sent as one text (a tag list given one tag)', async () => {
    const lists: string[] = [];
    const wrong: string[] = [];
    for (const contract of await allContracts()) {
      const shape = contract.body ? defOf(contract.body).shape : undefined;
      for (const [key, schema] of Object.entries(shape ?? {})) {
        if (!schema.safeParse(['okay1234']).success) continue;
        const where = `${contract.method} ${contract.path} body.${key}`;
        lists.push(where);
        for (const bad of ['\u0000', '\u0085', '\ud800']) {
          const message = firstMessage(schema.safeParse(`okay${bad}`));
          if (message !== fieldMessages.invalidCharacters) wrong.push(`${where} ${JSON.stringify(`okay${bad}`)}: ${message}`);
        }
      }
    }
    expect(lists).toContain('POST /api/klips/:id/tags body.tags');
    expect(wrong).toEqual([]);
  });

  it('keeps tabs and line breaks only in multi-line text', () => {
    const prompt = text({ required: 'Required', max: [10, 'Too long'], multiline: true });
    const name = text({ required: 'Required', max: [10, 'Too long'] });
    expect(prompt.parse('a\tb\r\nc')).toBe('a\tb\r\nc');
    expect(firstMessage(name.safeParse('a\tb'))).toBe(fieldMessages.invalidCharacters);
    expect(firstMessage(prompt.safeParse('a\u000bb'))).toBe(fieldMessages.invalidCharacters);
    // C1 controls are control characters too, on one line or several (NEL is not a line break here).
    expect(firstMessage(prompt.safeParse('a\u0085b'))).toBe(fieldMessages.invalidCharacters);
    expect(firstMessage(name.safeParse('a\u009fb'))).toBe(fieldMessages.invalidCharacters);
    // Whole emoji (a surrogate pair) and other scripts are ordinary text.
    expect(name.parse(' 😀 Łódź 東京 ')).toBe('😀 Łódź 東京');
  });
});

/** Limits that are not typed by users: a broken link reads as a broken link, whatever its length. */
const notTyped = new Set([
  'POST /api/auth/reset-password body.token',
  'POST /api/auth/verify-email/password body.token',
  'POST /api/auth/sign-in-link/verify body.token',
  'GET /api/klips/mine query.cursor',
  'GET /api/collections query.cursor',
  'GET /api/credits/history query.cursor',
  'GET /api/billing/checkouts/:sessionId params.sessionId',
  'GET /api/billing/sandbox/checkouts/:sessionId params.sessionId',
  'POST /api/billing/sandbox/checkouts/:sessionId/pay params.sessionId',
  'POST /api/billing/sandbox/checkouts/:sessionId/cancel params.sessionId',
  'GET /api/admin/klips query.userId',
  'GET /api/admin/klips query.cursor',
  'GET /api/admin/users query.cursor',
  'GET /api/admin/workspaces query.cursor',
  'POST /api/admin/users/:id/credits params.id',
  'PUT /api/admin/users/:id/role params.id',
  'GET /api/admin/waitlist query.cursor',
  'GET /api/batches query.cursor',
  'GET /api/batches/:id/items query.cursor',
  'GET /api/workspaces/:workspaceId/webhooks/:endpointId/deliveries query.cursor',
  'GET /api/workspaces/:workspaceId/store/products query.cursor',
  // A page address from the demo store's own links.
  'GET /api/workspaces/:workspaceId/store/demo/products/:handle params.handle',
  'PATCH /api/workspaces/:workspaceId/members/:userId params.userId',
  'DELETE /api/workspaces/:workspaceId/members/:userId params.userId',
  'POST /api/workspaces/:workspaceId/transfer body.userId',
]);

describe('every limit of a contract field', () => {
  it('answers one character over the limit with a message that names the limit, never the "missing" one', async () => {
    const wrong: string[] = [];
    let bounded = 0;
    for (const { where, schema } of await requestFields()) {
      const max = maxLength(innerString(schema));
      if (max === undefined || notTyped.has(where)) continue;
      bounded += 1;
      const tooLong = firstMessage(schema.safeParse('a'.repeat(max + 1)));
      const missing = [undefined, '', '   '].map((v) => firstMessage(schema.safeParse(v)));
      const namesLimit = tooLong?.includes(`at most ${max.toLocaleString('en-US')} characters`);
      if (!namesLimit || missing.includes(tooLong)) wrong.push(`${where} (max ${max}): ${tooLong}`);
    }
    expect(bounded).toBeGreaterThan(15);
    expect(wrong).toEqual([]);
  });

  it('reads the spec texts for missing values and its own texts for long ones', async () => {
    const { CreateImageGenerationRequest } = await import('./generation.ts');
    const { RewritePromptRequest } = await import('./prompts.ts');
    const { SignInRequest } = await import('./auth.ts');
    const prompt = CreateImageGenerationRequest.shape.prompt;
    expect(firstMessage(prompt.safeParse('  '))).toBe('Please enter a prompt');
    expect(firstMessage(prompt.safeParse('p'.repeat(2001)))).toBe('Prompt must be at most 2,000 characters');
    const goal = RewritePromptRequest.shape.goal;
    expect(firstMessage(goal.safeParse(''))).toBe('Please enter a goal for rewriting');
    expect(firstMessage(goal.safeParse('g'.repeat(501)))).toBe('Goal must be at most 500 characters');
    const password = SignInRequest.shape.password;
    expect(firstMessage(password.safeParse(''))).toBe('Password is required');
    expect(firstMessage(password.safeParse('p'.repeat(129)))).toBe('Password must be at most 128 characters long');
  });
});

describe('names users give themselves', () => {
  it('lose control and direction-override characters on save, and are required afterwards', async () => {
    const { UpdateProfileRequest, CompleteProfileRequest } = await import('./profile.ts');
    const { JoinWaitlistRequest } = await import('./waitlist.ts');
    const hostile = ' \u202eevil\u202c <img src=x onerror=alert(1)>\u2066x\u2069\u200f\u061c\u0085 ';
    const cleaned = 'evil <img src=x onerror=alert(1)>x';
    expect(cleanName(hostile)).toBe(cleaned);
    expect(CompleteProfileRequest.parse({ displayName: hostile }).displayName).toBe(cleaned);
    expect(UpdateProfileRequest.shape.displayName.parse(hostile)).toBe(cleaned);
    expect(JoinWaitlistRequest.shape.name.parse(hostile)).toBe(cleaned);
    expect(firstMessage(CompleteProfileRequest.safeParse({ displayName: '\u202e\u2066 \u200f' }))).toBe('Display name is required');
  });
});
