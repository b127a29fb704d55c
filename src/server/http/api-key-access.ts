import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages, type ApiKeyScope } from '#contracts/api-keys.ts';
import type { Contract } from '#contracts/contract.ts';
import type { ApiLimits } from '#contracts/entitlements.ts';
import { AppError } from '../lib/app-error.ts';
import type { SignedInUser } from './caller.ts';

/** A request made with an API key: the member who made the key, working in the key's workspace. */
export interface KeyCaller {
  user: SignedInUser;
  keyId: string;
  scopes: readonly ApiKeyScope[];
  /** Its workspace's plan's API limits (the plans table). */
  limits: ApiLimits;
}

/** How the router checks a bearer key (modules/api-keys implements it). */
export interface ApiKeyAccess {
  /**
   * The caller a secret names if the key works now, else null (401 INVALID_API_KEY); 403
   * PLAN_REQUIRED when its workspace's plan no longer includes 'API access'.
   */
  authenticate(secret: string, ip: string): Promise<KeyCaller | null>;
  /** Counts one request against the key's and its workspace's per-minute limits: 429 past them; sets the RateLimit headers. */
  countRequest(caller: KeyCaller, reply: FastifyReply): Promise<void>;
  /** Before a generation starts through a key: 429 when the workspace already runs its plan's number of them. */
  checkRunning(caller: KeyCaller): Promise<void>;
}

/**
 * The bearer secret of a request: undefined without an Authorization header; any other scheme or
 * an empty token is a key that does not work.
 */
export function bearerSecret(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw new AppError('INVALID_API_KEY', apiKeyMessages.invalidKey);
  return match[1]!;
}

/** A session cookie beside a key is refused: one request, one identity (and no cookie-borne key gets past CSRF). */
export function hasSessionCookie(req: FastifyRequest): boolean {
  return req.headers.cookie?.includes('session_token') ?? false;
}

/** The key-side access decision of a contract, after the key was authenticated. */
export function decideKeyScope(contract: Contract, caller: KeyCaller): void {
  if (!contract.apiKey) throw new AppError('API_KEY_NOT_ACCEPTED', apiKeyMessages.keyNotAccepted);
  if (!caller.scopes.includes(contract.apiKey)) throw new AppError('API_KEY_SCOPE_REQUIRED', apiKeyMessages.scopeMissing(contract.apiKey));
}
