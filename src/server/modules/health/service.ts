import { genericMessages } from '#contracts/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';

/** What this process depends on to serve: each throws when it cannot be reached. */
export interface ReadinessChecks {
  database: () => Promise<void>;
  storage: () => Promise<void>;
  queue: () => Promise<void>;
}

export interface HealthService {
  /**
   * Resolves when the database, the storage and the queue all answer and the process is not
   * draining; SERVICE_UNAVAILABLE otherwise (docs/operations.md#health-and-readiness).
   */
  ready(): Promise<void>;
  /** From now on the process is not ready: load balancers stop sending it new requests. */
  startDraining(): void;
  readonly draining: boolean;
}

export function createHealthService(deps: { checks: ReadinessChecks; logger: Logger }): HealthService {
  let draining = false;
  // Checks that arrive while one is in flight share its answer: under load (or a swarm of
  // probes) each dependency sees one check at a time, and each answer is still fresh.
  let inflight: Promise<string[]> | undefined;
  const failing = async () => {
    const names = Object.keys(deps.checks) as Array<keyof ReadinessChecks>;
    const results = await Promise.allSettled(names.map((name) => deps.checks[name]()));
    return names.filter((name, i) => {
      const result = results[i]!;
      if (result.status === 'fulfilled') return false;
      deps.logger.error({ err: result.reason, dependency: name }, `readiness: the ${name} did not answer`);
      return true;
    });
  };
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
    async ready() {
      if (draining) throw new AppError('SERVICE_UNAVAILABLE', genericMessages.unavailable);
      inflight ??= failing().finally(() => {
        inflight = undefined;
      });
      if ((await inflight).length > 0) throw new AppError('SERVICE_UNAVAILABLE', genericMessages.unavailable);
    },
  };
}
