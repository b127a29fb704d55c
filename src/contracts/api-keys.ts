import { z } from 'zod';
import { defineContract } from './contract.ts';
import { text } from './fields.ts';
import { workspaceMessages } from './workspaces.ts';

/**
 * API keys (docs/api.md): a workspace's keys for its own code, on the plan with 'API access'. A
 * contract names the scope a key needs to call it (`apiKey`); a key reaches nothing else.
 */
export const apiKeyScopes = ['generate', 'read', 'batches', 'exports'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** What each scope lets a key do, as the key form and docs/api.md say it. */
export const apiKeyScopeInfo: Record<ApiKeyScope, { label: string; description: string }> = {
  generate: { label: 'Generate', description: 'Upload product photos and start image and video generations (spends credits).' },
  read: { label: 'Read', description: 'Follow generations and read klips, tags and the credit balance.' },
  batches: { label: 'Batches', description: 'Start, follow, cancel, retry and download batches (spends credits).' },
  exports: { label: 'Exports', description: 'Download klips and their marketplace exports.' },
};

/** Every secret starts with this, so leaked keys are easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'klipt_sk_';
/** How much of the secret lists show (the prefix and 4 random characters). */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEYS_PER_WORKSPACE = 50;
export const API_KEY_NAME_MAX = 60;
export const API_KEY_MAX_DAYS = 365;
/** The expiries the form offers; the API takes any whole number of days up to API_KEY_MAX_DAYS. */
export const apiKeyExpiryChoices = [30, 90, 365] as const;

/** `Idempotency-Key`: what a client may send (Stripe's limit and a UUID both fit). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long a first answer is replayed for the same key. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const apiKeyMessages = {
  notFound: 'API key not found',
  nameRequired: 'Please name the key',
  nameTooLong: `Key names must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Scopes are ${apiKeyScopes.join(', ')}`,
  expiryInvalid: `A key can expire after 1 to ${API_KEY_MAX_DAYS} days, or never`,
  tooManyKeys: `A workspace can have up to ${API_KEYS_PER_WORKSPACE} active keys. Revoke one before creating another.`,
  notAllowed: 'Only the owner and admins of this workspace can manage its API keys and webhooks.',
  // The answers of a refused key (docs/api.md#errors).
  invalidKey: 'This API key is not valid. It may have been revoked or may have expired.',
  keyNotAccepted: 'This endpoint cannot be called with an API key. Sign in to Klipt to use it.',
  scopeMissing: (scope: ApiKeyScope) => `This API key lacks the '${scope}' scope. Create a key with it to call this endpoint.`,
  keyAndCookie: 'Send either an API key or a session cookie, not both.',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  idempotencyKeyBusy: 'A request with this Idempotency-Key is still being answered. Retry it in a few seconds.',
  tooManyRequests: (seconds: number) => `Too many requests with this key or workspace. Try again in ${seconds} seconds.`,
  tooManyRunning: (limit: number) => `This workspace already has ${limit} generations running. Wait for one to finish, then try again.`,
} as const;

const workspaceId = z.uuid(workspaceMessages.notFound);
const keyId = z.uuid(apiKeyMessages.notFound);

export const ApiKeyInput = z
  .object({
    name: text({ required: apiKeyMessages.nameRequired, max: [API_KEY_NAME_MAX, apiKeyMessages.nameTooLong], name: true }),
    scopes: z
      .array(z.enum(apiKeyScopes, apiKeyMessages.scopeUnknown), apiKeyMessages.scopesRequired)
      .min(1, apiKeyMessages.scopesRequired)
      .max(apiKeyScopes.length, apiKeyMessages.scopeUnknown)
      .transform((scopes) => apiKeyScopes.filter((s) => scopes.includes(s))),
    /** Days until it stops working; null: never. */
    expiresInDays: z
      .number(apiKeyMessages.expiryInvalid)
      .int(apiKeyMessages.expiryInvalid)
      .min(1, apiKeyMessages.expiryInvalid)
      .max(API_KEY_MAX_DAYS, apiKeyMessages.expiryInvalid)
      .nullable()
      .default(null),
  })
  .strict()
  .meta({ id: 'ApiKeyFields' });
export type ApiKeyInput = z.input<typeof ApiKeyInput>;

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The secret's start ("klipt_sk_Ab3x"), to recognise it. */
    prefix: z.string(),
    scopes: z.array(z.enum(apiKeyScopes)),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    /** The address of the last request made with it. */
    lastUsedIp: z.string().nullable(),
    revokedAt: z.iso.datetime().nullable(),
    /** Who made it (null when that account is gone). */
    createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only time its secret is shown. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() }).meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const listApiKeys = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId/api-keys',
  summary: "The workspace's API keys, newest first (revoked ones included)",
  tags: ['API keys'],
  params: z.object({ workspaceId }),
  status: 200,
  response: z.object({ keys: z.array(ApiKey) }),
  errors: [403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const createApiKey = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/api-keys',
  summary: 'Creates an API key; the answer is the only time its secret is shown',
  tags: ['API keys'],
  params: z.object({ workspaceId }),
  body: ApiKeyInput,
  status: 201,
  response: CreatedApiKey,
  errors: [400, 403, 404, 409],
  auth: 'verified',
  entitlement: 'apiAccess',
});

export const revokeApiKey = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/api-keys/:keyId',
  summary: 'Revokes an API key: its next request is refused with 401',
  tags: ['API keys'],
  params: z.object({ workspaceId, keyId }),
  status: 200,
  response: ApiKey,
  errors: [403, 404],
  auth: 'verified',
  entitlement: 'apiAccess',
});
