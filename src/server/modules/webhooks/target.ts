import { webhookMessages } from '#contracts/webhooks.ts';
import { AppError } from '../../lib/app-error.ts';
import { privateHostKind } from '../../lib/private-address.ts';

/**
 * Whether an endpoint URL may be saved: https, and a host that is not literally a loopback,
 * private or link-local address (or `localhost`) — unless WEBHOOKS_ALLOW_PRIVATE_TARGETS is on.
 * Names are checked again at every delivery, once resolved (DNS may change).
 */
export function checkEndpointUrl(raw: string, allowPrivate: boolean): string {
  const url = new URL(raw);
  if (allowPrivate) return raw;
  if (url.protocol !== 'https:') throw new AppError('VALIDATION_FAILED', webhookMessages.httpsRequired);
  const kind = privateHostKind(url.hostname);
  if (kind) throw new AppError('VALIDATION_FAILED', webhookMessages.privateTarget(kind));
  return raw;
}
