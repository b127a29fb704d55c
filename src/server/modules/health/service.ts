import { genericMessages } from '../../../contracts/errors.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../lib/logger.ts';

export interface HealthService {
  /** Resolves while the database answers; SERVICE_UNAVAILABLE otherwise. */
  check(): Promise<void>;
}

export function createHealthService(deps: { ping: () => Promise<void>; logger: Logger }): HealthService {
  // Checks that arrive while one is in flight share its answer: under load (or a swarm of
  // probes) the database sees one ping at a time, and each answer is still fresh.
  let inflight: Promise<void> | undefined;
  const ping = () => {
    inflight ??= deps.ping().finally(() => {
      inflight = undefined;
    });
    return inflight;
  };
  return {
    async check() {
      try {
        await ping();
      } catch (err) {
        deps.logger.error({ err }, 'health check: database did not answer');
        throw new AppError('SERVICE_UNAVAILABLE', genericMessages.unavailable);
      }
    },
  };
}
