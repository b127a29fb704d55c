import { createHmac, randomBytes } from 'node:crypto';

/**
 * The Standard Webhooks scheme (https://www.standardwebhooks.com, docs/api.md#webhooks): a secret
 * `whsec_<base64 of 32 random bytes>`, and on every attempt the headers `webhook-id` (the
 * delivery's id, the same on each attempt), `webhook-timestamp` (unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with the
 * secret's decoded bytes.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signPayload(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt (the body is the delivery's payload as JSON). */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Klipt-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signPayload(secret, id, timestampSeconds, body),
  };
}
