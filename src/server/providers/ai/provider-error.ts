/**
 * A provider failure. `retryable` failures (429, 5xx, network, timeout) were already retried by the
 * adapter; `operator` marks problems of Klipt's own account (out of credits, bad key) that users
 * must not be blamed for. `message` is safe to show users.
 */
export class ProviderError extends Error {
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly operator: boolean;
  constructor(options: { provider: string; message: string; status?: number; retryable?: boolean; operator?: boolean; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.provider = options.provider;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.operator = options.operator ?? false;
  }
}
