import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client.ts';
import { pgNotify, startPgListener, type PgListener } from '../../db/pg-listener.ts';
import type { Logger } from '../../lib/logger.ts';

/**
 * Notice that a job changed, so Server-Sent Events reach the browser at once
 * (docs/operations.md#live-progress-streams). Whoever changes a job publishes it after the change
 * commits; the watcher subscribes to the jobs its streams follow and reads them when told.
 */
export interface GenerationEvents {
  publish(jobId: string): void;
  subscribe(jobId: string, listener: () => void): () => void;
  /**
   * True while changes made by other instances reach `subscribe` at once (PostgreSQL, with the
   * listening connection up). While false the watcher polls at its fast pace.
   */
  hearsOtherInstances(): boolean;
  close(): Promise<void>;
}

/** The one channel every instance of a database notifies and listens on; the payload is the job id. */
export const generationProgressChannel = 'klipt_generation_progress';
/** How the listening connection shows in pg_stat_activity. */
export const generationListenerName = 'klipt-generation-listener';

export interface GenerationEventsOptions {
  database: Database;
  logger: Logger;
  reconnectMs?: { first: number; max: number };
}

/** Across instances on PostgreSQL; within the process on PGlite, which only one process can open. */
export function createGenerationEvents(options: GenerationEventsOptions): GenerationEvents {
  const { database } = options;
  if (database.kind === 'postgres' && database.connectionString) {
    return createSharedGenerationEvents({ ...options, connectionString: database.connectionString });
  }
  return createLocalGenerationEvents();
}

/** Changes of this process only; those of other instances reach the streams through the watcher's poll. */
export function createLocalGenerationEvents(): GenerationEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(jobId) {
      emitter.emit(jobId);
    },
    subscribe(jobId, listener) {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
    hearsOtherInstances: () => false,
    close: async () => {},
  };
}

/**
 * Every publish is told to this process's subscribers at once and sent as a NOTIFY to the other
 * instances. The first subscription opens the LISTEN connection, so worker-only processes and
 * commands, which never subscribe, only send; it then stays open until close(), so streams coming
 * and going do not open and close connections.
 */
function createSharedGenerationEvents(options: GenerationEventsOptions & { connectionString: string }): GenerationEvents {
  const { database, logger } = options;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: PgListener | null = null;
  let closed = false;
  // This process's own notices on their way back through the listener: skipped, as they were
  // already told here. Counted only while listening; dropped with the connection they would come back on.
  const echoes = new Map<string, number>();
  const takeEcho = (jobId: string) => {
    const count = echoes.get(jobId) ?? 0;
    if (count <= 1) echoes.delete(jobId);
    else echoes.set(jobId, count - 1);
    return count > 0;
  };
  const tellAll = () => {
    for (const jobId of emitter.eventNames()) emitter.emit(jobId);
  };

  const listen = () => {
    if (listener || closed) return;
    listener = startPgListener({
      connectionString: options.connectionString,
      channel: generationProgressChannel,
      applicationName: generationListenerName,
      logger,
      ...(options.reconnectMs ? { reconnectMs: options.reconnectMs } : {}),
      onNotification: (jobId) => {
        if (!takeEcho(jobId)) emitter.emit(jobId);
      },
      // What changed while nobody listened is read now.
      onListening: () => {
        echoes.clear();
        tellAll();
      },
      onLost: () => echoes.clear(),
    });
  };

  return {
    publish(jobId) {
      emitter.emit(jobId);
      const echoed = listener?.listening() ?? false;
      if (echoed) echoes.set(jobId, (echoes.get(jobId) ?? 0) + 1);
      pgNotify(database.db, generationProgressChannel, jobId).catch((err: unknown) => {
        if (echoed) takeEcho(jobId);
        logger.warn({ err, generation: jobId }, 'generation progress notice not sent; other instances poll');
      });
    },
    subscribe(jobId, subscriber) {
      listen();
      emitter.on(jobId, subscriber);
      return () => emitter.off(jobId, subscriber);
    },
    hearsOtherInstances: () => listener?.listening() ?? false,
    async close() {
      closed = true;
      await listener?.close();
    },
  };
}
