import type { Contract, ContractBody, ContractParams, ContractQuery, ContractResponse } from '#contracts/contract.ts';
import type { ErrorCode } from '#contracts/errors.ts';
import { connectionTexts } from './texts.ts';

/** An API failure with the server's code and user-facing message. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;
  /** True when the message came from Klipt's error body (not a proxy page or the network). */
  readonly fromServer: boolean;
  /** Seconds from a Retry-After header (429 answers). */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: ErrorCode | 'NETWORK',
    message: string,
    status: number,
    options: { fromServer?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fromServer = options.fromServer ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Reads an error answer of the API into an ApiError. */
export async function apiErrorFrom(res: Response): Promise<ApiError> {
  const data: unknown = await res.json().catch(() => undefined);
  const error = (data as { error?: { code?: ErrorCode; message?: string } } | undefined)?.error;
  const retryAfter = Number(res.headers.get('retry-after'));
  return new ApiError(error?.code ?? 'INTERNAL', error?.message ?? `Request failed (${res.status})`, res.status, {
    fromServer: typeof error?.message === 'string',
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  });
}

export interface CallOptions<C extends Contract> {
  params?: ContractParams<C>;
  query?: ContractQuery<C>;
  body?: ContractBody<C>;
  signal?: AbortSignal;
}

type Scalar = string | number | boolean;

/** A contract path with its params filled and its query string (empty values left out). */
export function buildUrl(
  path: string,
  params?: Record<string, Scalar>,
  query?: Record<string, Scalar | Scalar[] | null | undefined>,
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) search.append(k, String(item));
    else search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Sends a call by its contract; resolves with the successful Response or throws ApiError (an abort rethrows as is). */
async function send<C extends Contract>(contract: C, options: CallOptions<C>, accept: string): Promise<Response> {
  const url = buildUrl(
    contract.path,
    options.params as Record<string, Scalar> | undefined,
    options.query as Record<string, Scalar | Scalar[] | null | undefined> | undefined,
  );
  const hasBody = options.body !== undefined && contract.method !== 'GET';
  let res: Response;
  try {
    res = await fetch(url, {
      method: contract.method,
      credentials: 'same-origin',
      headers: hasBody ? { 'content-type': 'application/json', accept } : { accept },
      ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('NETWORK', connectionTexts.unreachable, 0);
  }
  if (!res.ok) throw await apiErrorFrom(res);
  return res;
}

/** Calls an endpoint by its contract; resolves with the success body or throws ApiError. */
export async function callApi<C extends Contract>(contract: C, options: CallOptions<C> = {}): Promise<ContractResponse<C>> {
  const res = await send(contract, options, 'application/json');
  if (res.status === 204) return undefined as ContractResponse<C>;
  return (await res.json()) as ContractResponse<C>;
}

/**
 * Calls an endpoint whose contract `produces` a file (an image, a ZIP) and resolves with its body as
 * a Blob; errors come as JSON and throw ApiError as callApi's do.
 */
export async function callApiBlob<C extends Contract>(contract: C, options: CallOptions<C> = {}): Promise<Blob> {
  const res = await send(contract, options, `${contract.produces ?? 'application/octet-stream'}, application/json`);
  return res.blob();
}

/** Sends one file as multipart/form-data (field "file") to an upload endpoint; errors as callApi's. */
export async function uploadFile<C extends Contract>(
  contract: C,
  file: Blob,
  options: { filename?: string; signal?: AbortSignal; params?: ContractParams<C> } = {},
): Promise<ContractResponse<C>> {
  const body = new FormData();
  body.append('file', file, options.filename ?? (file instanceof File ? file.name : 'upload'));
  let res: Response;
  try {
    res = await fetch(buildUrl(contract.path, options.params as Record<string, Scalar> | undefined), {
      method: contract.method,
      body,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('NETWORK', connectionTexts.unreachable, 0);
  }
  if (!res.ok) throw await apiErrorFrom(res);
  return (await res.json()) as ContractResponse<C>;
}
