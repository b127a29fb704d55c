import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, SIGNATURE_TOLERANCE_SECONDS, verifyWebhook } from './webhook-signature.ts';

const secret = 'whsec-0123456789abcdef';
const body = JSON.stringify({ imageId: 'a', prompt: 'a bottle — on stone', imageBase64: 'AAAA' });
const at = 1_750_000_000;
const signed = { secret, body, timestamp: String(at), signature: signWebhook(secret, at, body), nowSeconds: at };

describe('webhook signatures', () => {
  it('are v1= and the hex HMAC-SHA256 of "<timestamp>.<raw body>"', () => {
    const expected = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
    expect(signWebhook(secret, at, body)).toBe(`v1=${expected}`);
    expect(signWebhook(secret, at, Buffer.from(body))).toBe(`v1=${expected}`);
  });

  it('verify the body as sent, as text or bytes', () => {
    expect(verifyWebhook(signed)).toBe(true);
    expect(verifyWebhook({ ...signed, body: Buffer.from(body) })).toBe(true);
  });

  it('refuse a changed body, timestamp, secret or signature', () => {
    expect(verifyWebhook({ ...signed, body: body.replace('bottle', 'bottles') })).toBe(false);
    expect(verifyWebhook({ ...signed, body: `${body} ` })).toBe(false);
    expect(verifyWebhook({ ...signed, timestamp: String(at + 1) })).toBe(false);
    expect(verifyWebhook({ ...signed, secret: `${secret}x` })).toBe(false);
    const flipped = signed.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(verifyWebhook({ ...signed, signature: flipped })).toBe(false);
  });

  it('refuse missing or malformed headers without throwing', () => {
    for (const signature of [
      undefined,
      null,
      '',
      'v1=',
      'v1=abc',
      'v0=' + signed.signature.slice(3),
      signed.signature.slice(3),
      `${signed.signature}00`,
    ])
      expect(verifyWebhook({ ...signed, signature })).toBe(false);
    for (const timestamp of [undefined, null, '', 'soon', '-1', `${at}.5`]) expect(verifyWebhook({ ...signed, timestamp })).toBe(false);
  });

  it('accept a timestamp within the tolerance either way, and refuse one outside it (replays)', () => {
    expect(verifyWebhook({ ...signed, nowSeconds: at + SIGNATURE_TOLERANCE_SECONDS })).toBe(true);
    expect(verifyWebhook({ ...signed, nowSeconds: at - SIGNATURE_TOLERANCE_SECONDS })).toBe(true);
    expect(verifyWebhook({ ...signed, nowSeconds: at + SIGNATURE_TOLERANCE_SECONDS + 1 })).toBe(false);
    expect(verifyWebhook({ ...signed, nowSeconds: at - SIGNATURE_TOLERANCE_SECONDS - 1 })).toBe(false);
    expect(verifyWebhook({ ...signed, nowSeconds: at + 20, toleranceSeconds: 10 })).toBe(false);
  });

  it('accept any one of several signatures (a secret being rotated)', () => {
    const old = signWebhook('an-older-secret-value', at, body);
    expect(verifyWebhook({ ...signed, signature: `${old}, ${signed.signature}` })).toBe(true);
    expect(verifyWebhook({ ...signed, signature: `${old},v1=zz` })).toBe(false);
  });
});
