import { useEffect, useRef } from 'react';
import type { GenerationJob } from '#contracts/generation.ts';
import { followJob } from './follow-job.ts';
import { generationEventsUrl } from './generation-events.ts';
import { fetchGeneration } from './get-generation.ts';
import { useLatestRef } from '../use-latest-ref.ts';

export interface FollowedJobsHandlers {
  /** A change of a job that is still running, and a job's last state. */
  onJob: (job: GenerationJob) => void;
  /** The job can no longer be read; its stream is closed. */
  onLost: (id: string, error: unknown) => void;
}

/**
 * Follows each listed job with its own stream (Server-Sent Events, polling as fallback) until it
 * ends. A job that leaves the list closes its stream; the others keep theirs.
 */
export function useFollowedJobs(ids: readonly string[], handlers: FollowedJobsHandlers) {
  const handlersRef = useLatestRef(handlers);
  const streams = useRef(new Map<string, () => void>());
  const key = ids.join(' ');

  useEffect(() => {
    const wanted = new Set(key === '' ? [] : key.split(' '));
    for (const [id, stop] of streams.current) {
      if (wanted.has(id)) continue;
      stop();
      streams.current.delete(id);
    }
    for (const id of wanted) {
      if (streams.current.has(id)) continue;
      streams.current.set(
        id,
        followJob({
          eventsUrl: generationEventsUrl(id),
          fetchJob: (signal) => fetchGeneration(id, signal),
          onUpdate: (job) => handlersRef.current.onJob(job),
          onFinished: (job) => handlersRef.current.onJob(job),
          onLost: (error) => handlersRef.current.onLost(id, error),
        }),
      );
    }
  }, [key, handlersRef]);

  useEffect(() => {
    const open = streams.current;
    return () => {
      for (const stop of open.values()) stop();
      open.clear();
    };
  }, []);
}
