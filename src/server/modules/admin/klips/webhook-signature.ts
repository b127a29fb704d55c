import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How Klipt signs the superlike webhook, and how a receiver checks it (docs/operations.md#superlike-webhook):
 * `Klipt-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` with the shared secret, and
 * `Klipt-Timestamp: <unix seconds>`. The timestamp is inside the signed text, so a captured
 * delivery cannot be replayed later with a fresh one.
 */
export const TIMESTAMP_HEADER = 'Klipt-Timestamp';
export const SIGNATURE_HEADER = 'Klipt-Signature';

/** How far a delivery's timestamp may be from the receiver's clock (either way). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const SCHEME = 'v1=';

function digest(secret: string, timestamp: string, body: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** The Klipt-Signature header of a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string | Buffer): string {
  return `${SCHEME}${digest(secret, String(timestamp), body).toString('hex')}`;
}

export interface WebhookToVerify {
  secret: string;
  /** The body exactly as received, before any JSON parsing. */
  body: string | Buffer;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  /** The receiver's clock in unix seconds (default: now). */
  nowSeconds?: number;
  toleranceSeconds?: number;
}

/**
 * Whether a delivery is genuine and recent. The header may list several comma-separated `v1=`
 * signatures (one per secret while a secret is being rotated); any one matching is enough.
 */
export function verifyWebhook(input: WebhookToVerify): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = digest(input.secret, timestamp, input.body);
  return signature
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(SCHEME) && /^[0-9a-f]{64}$/i.test(part.slice(SCHEME.length)))
    .some((part) => timingSafeEqual(Buffer.from(part.slice(SCHEME.length), 'hex'), expected));
}
