import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { generationMessages, type GenerationJob } from '#contracts/generation.ts';
import type { GenerationKind } from '#contracts/job-kinds.ts';
import { ApiError } from '../api-client.ts';
import { userMessage } from '../api-errors.ts';
import { invalidateContract } from '../contract-query.ts';
import { useLatestRef } from '../use-latest-ref.ts';
import { finishedRecently, groupFailureMessage, isFinished } from './job-status.ts';
import { latestGenerationQueryOptions } from './latest-generation.ts';
import { useFollowedJobs } from './use-followed-jobs.ts';
import { getSession } from '#contracts/routes.ts';

/** What starting a group answers: one job per variation. */
export interface StartedGroup {
  groupId: string;
  jobs: GenerationJob[];
}

export interface GroupCallbacks<Request> {
  /** Every job of the group ended and at least one made a klip; `request` is what this page sent (absent after a reload). */
  onFinished: (jobs: GenerationJob[], request: Request | undefined) => void;
  /** The user's latest group, found on arrival: still running, or finished within the hour. */
  onResumed: (jobs: GenerationJob[]) => void;
  /** Whether a finished latest group is shown (not when the page opened with a saved klip). */
  showFinishedLatest: boolean;
}

/** How a studio starts its groups and finds its latest one. */
export interface GroupSource<Request> {
  key: string;
  start: (request: Request) => Promise<StartedGroup>;
  /** Which of the user's latest jobs a reload shows again. */
  kind: GenerationKind;
  /** The banner's text when starting fails without a message. */
  failedFallback: string;
}

const inVariationOrder = (jobs: readonly GenerationJob[]) => [...jobs].sort((a, b) => (a.variation ?? 0) - (b.variation ?? 0));
const madeKlip = (job: GenerationJob) => job.status === 'succeeded' && job.klip !== null;

/** A job whose state can no longer be read, shown as failed so the rest of its group goes on. */
function lostJob(job: GenerationJob, error: unknown): GenerationJob {
  return { ...job, status: 'failed', refunded: false, error: { code: 'LOST', message: userMessage(error, generationMessages.lost) } };
}

/**
 * Starts groups of generations (variations) and follows each job to its end, every one with its own
 * stream; on arrival picks up the user's latest group so a reload shows all of it again.
 */
export function useGenerationGroup<Request>(callbacks: GroupCallbacks<Request>, source: GroupSource<Request>) {
  const queryClient = useQueryClient();
  const { mutate: createGroup, isPending: starting } = useMutation({ mutationKey: [source.key, 'generate'], mutationFn: source.start });
  const [jobs, setJobs] = useState<GenerationJob[]>([]);
  const [error, setError] = useState<string | null>(null);
  const callbacksRef = useLatestRef(callbacks);
  const sourceRef = useLatestRef(source);
  /** The group on screen, read by stream callbacks between renders. */
  const group = useRef<GenerationJob[]>([]);
  const request = useRef<Request | undefined>(undefined);
  /** Set once the user starts a generation: a late answer about the latest group is then ignored. */
  const startedHere = useRef(false);

  // The credits live in the session.
  const refreshCredits = useCallback(() => void invalidateContract(queryClient, getSession), [queryClient]);

  const show = useCallback((next: GenerationJob[]) => {
    group.current = next;
    setJobs(next);
  }, []);

  /** Shows the group's new state; once every job ended, hands it over (or says that none succeeded). */
  const update = useCallback(
    (next: GenerationJob[]) => {
      if (!next.every(isFinished)) return show(next);
      show([]);
      if (next.some(madeKlip)) callbacksRef.current.onFinished(next, request.current);
      else setError(groupFailureMessage(next));
    },
    [callbacksRef, show],
  );

  const receive = useCallback(
    (job: GenerationJob) => {
      const previous = group.current.find((j) => j.id === job.id);
      if (!previous || isFinished(previous)) return;
      // A failed job gave its credit back.
      if (isFinished(job)) refreshCredits();
      update(group.current.map((j) => (j.id === job.id ? job : j)));
    },
    [refreshCredits, update],
  );

  const running = jobs.filter((job) => !isFinished(job)).map((job) => job.id);
  useFollowedJobs(running, {
    onJob: receive,
    onLost: (id, err) => {
      const job = group.current.find((j) => j.id === id);
      if (job) receive(lostJob(job, err));
    },
  });

  // On arrival: a running group is followed again, a group finished within the hour is shown again.
  useEffect(() => {
    let active = true;
    void (async () => {
      let latest: { job: GenerationJob | null; variations: GenerationJob[] };
      try {
        latest = await queryClient.fetchQuery(latestGenerationQueryOptions(sourceRef.current.kind));
      } catch {
        return; // Nothing to resume; the editor works without it.
      }
      if (!active || !latest.job || startedHere.current) return;
      const found = inVariationOrder(latest.variations.length > 0 ? latest.variations : [latest.job]);
      const { onResumed, onFinished, showFinishedLatest } = callbacksRef.current;
      if (!found.every(isFinished)) {
        request.current = undefined;
        onResumed(found);
        show(found);
      } else if (showFinishedLatest && found.some(madeKlip) && finishedRecently(latest.job, Date.now())) {
        onResumed(found);
        onFinished(found, undefined);
      }
    })();
    return () => {
      active = false;
    };
  }, [queryClient, callbacksRef, sourceRef, show]);

  const start = useCallback(
    (body: Request) => {
      startedHere.current = true;
      setError(null);
      createGroup(body, {
        onSuccess: (started) => {
          request.current = body;
          // The cost is reserved now: the header's credit badge follows at once.
          refreshCredits();
          update(inVariationOrder(started.jobs));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 402) refreshCredits();
          setError(userMessage(err, sourceRef.current.failedFallback));
        },
      });
    },
    [createGroup, refreshCredits, update, sourceRef],
  );

  return {
    /** The group being followed, in variation order (empty when none runs). */
    jobs,
    error,
    showError: setError,
    isGenerating: starting || jobs.length > 0,
    start,
  };
}
