import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generationMessages, type GenerationJob } from '#contracts/generation.ts';
import { ApiError } from '../api-client.ts';
import { userMessage } from '../api-errors.ts';
import { invalidateContract } from '../contract-query.ts';
import { generationEventsUrl } from './generation-events.ts';
import { fetchGeneration } from './get-generation.ts';
import { followJob } from './follow-job.ts';
import { failureMessage, finishedRecently, isFinished } from './job-status.ts';
import type { GenerationKind } from '#contracts/job-kinds.ts';
import { latestGenerationQueryOptions } from './latest-generation.ts';
import { useLatestRef } from '../use-latest-ref.ts';
import { getSession } from '#contracts/routes.ts';

export interface GenerationCallbacks<Request> {
  /** A job finished with a klip; `request` is what this page sent (absent for a job from before a reload). */
  onSucceeded: (job: GenerationJob, request: Request | undefined) => void;
  /** The user's latest job, found on arrival: still running, or finished within the hour. */
  onResumed: (job: GenerationJob) => void;
  /** Whether a finished latest job is shown (not when the page opened with a saved klip). */
  showFinishedLatest: boolean;
}

/** How one studio starts its jobs and finds its latest one. */
export interface GenerationSource<Request> {
  key: string;
  start: (request: Request) => Promise<GenerationJob>;
  /** Which of the user's latest jobs a reload shows again. */
  kind: GenerationKind;
  /** The banner's text when starting fails without a message. */
  failedFallback: string;
}

/**
 * Starts generations and follows them to the end (Server-Sent Events, polling as fallback),
 * and on arrival picks up the user's latest job so a reload shows it again.
 */
export function useGeneration<Request>(callbacks: GenerationCallbacks<Request>, source: GenerationSource<Request>) {
  const queryClient = useQueryClient();
  const { mutate: createJob, isPending: starting } = useMutation({ mutationKey: [source.key, 'generate'], mutationFn: source.start });
  const [job, setJob] = useState<GenerationJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const callbacksRef = useLatestRef(callbacks);
  const sourceRef = useLatestRef(source);
  const requests = useRef(new Map<string, Request>());
  const settled = useRef(new Set<string>());
  /** Set once the user starts a generation: a late answer about the latest job is then ignored. */
  const startedHere = useRef(false);

  // The credits live in the session.
  const refreshCredits = useCallback(() => void invalidateContract(queryClient, getSession), [queryClient]);

  const settle = useCallback(
    (finished: GenerationJob) => {
      setJob(null);
      if (settled.current.has(finished.id)) return;
      settled.current.add(finished.id);
      refreshCredits();
      if (finished.status === 'succeeded' && finished.klip) {
        callbacksRef.current.onSucceeded(finished, requests.current.get(finished.id));
      } else {
        setError(failureMessage(finished));
      }
    },
    [callbacksRef, refreshCredits],
  );

  // Follow the running job; a new id (or the end of the job) closes the previous stream.
  const followedId = job && !isFinished(job) ? job.id : null;
  useEffect(() => {
    if (!followedId) return undefined;
    return followJob({
      eventsUrl: generationEventsUrl(followedId),
      fetchJob: (signal) => fetchGeneration(followedId, signal),
      onUpdate: setJob,
      onFinished: settle,
      onLost: (err) => {
        setJob(null);
        setError(userMessage(err, generationMessages.lost));
      },
    });
  }, [followedId, settle]);

  // On arrival: a running job is followed again, a job finished within the hour is shown again.
  useEffect(() => {
    let active = true;
    void (async () => {
      let latest: GenerationJob | null;
      try {
        latest = (await queryClient.fetchQuery(latestGenerationQueryOptions(sourceRef.current.kind))).job;
      } catch {
        return; // Nothing to resume; the editor works without it.
      }
      if (!active || !latest || startedHere.current) return;
      const { onResumed, onSucceeded, showFinishedLatest } = callbacksRef.current;
      if (!isFinished(latest)) {
        onResumed(latest);
        setJob(latest);
      } else if (latest.status === 'succeeded' && showFinishedLatest && finishedRecently(latest, Date.now())) {
        settled.current.add(latest.id);
        onResumed(latest);
        onSucceeded(latest, undefined);
      }
    })();
    return () => {
      active = false;
    };
  }, [queryClient, callbacksRef, sourceRef]);

  const start = useCallback(
    (request: Request) => {
      startedHere.current = true;
      setError(null);
      createJob(request, {
        onSuccess: (started) => {
          requests.current.set(started.id, request);
          // The cost is reserved now: the header's credit badge follows at once.
          refreshCredits();
          if (isFinished(started)) settle(started);
          else setJob(started);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 402) refreshCredits();
          setError(userMessage(err, sourceRef.current.failedFallback));
        },
      });
    },
    [createJob, refreshCredits, settle, sourceRef],
  );

  return {
    /** The job being followed (queued or running). */
    job,
    error,
    showError: setError,
    isGenerating: starting || job !== null,
    start,
  };
}
