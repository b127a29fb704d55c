import { GenerationJob } from '#contracts/generation.ts';
import { isFinished } from './job-status.ts';

export const POLL_INTERVAL_MS = 1500;

export interface FollowJobOptions {
  /** The Server-Sent Events URL of the job. */
  eventsUrl: string;
  /** GET of the job, used when the event stream fails. */
  fetchJob: (signal: AbortSignal) => Promise<GenerationJob>;
  onUpdate: (job: GenerationJob) => void;
  onFinished: (job: GenerationJob) => void;
  /** The job can no longer be read (e.g. it was removed); polling stops. */
  onLost: (error: unknown) => void;
  pollIntervalMs?: number;
  /** Injected in tests; defaults to the browser's EventSource. */
  createEventSource?: (url: string) => EventSource;
}

function parseJob(data: unknown): GenerationJob | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = GenerationJob.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Follows a job until it succeeds or fails: `job` events from the event stream, and if the stream
 * errors before the job finished, polling every 1.5 s. Returns a stop function.
 */
export function followJob(options: FollowJobOptions): () => void {
  const interval = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const controller = new AbortController();
  let stopped = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stop = () => {
    stopped = true;
    source?.close();
    source = null;
    clearTimeout(timer);
    controller.abort();
  };

  const receive = (job: GenerationJob) => {
    if (stopped) return;
    if (isFinished(job)) {
      stop();
      options.onFinished(job);
    } else {
      options.onUpdate(job);
    }
  };

  const poll = async () => {
    try {
      receive(await options.fetchJob(controller.signal));
    } catch (err) {
      if (stopped) return;
      const status = (err as { status?: number }).status;
      // A network hiccup or a 5xx is retried; an answer saying the job is gone ends the wait.
      if (status !== undefined && status >= 400 && status < 500) {
        stop();
        options.onLost(err);
        return;
      }
    }
    if (!stopped) timer = setTimeout(() => void poll(), interval);
  };

  const fallBackToPolling = () => {
    if (stopped || !source) return;
    source.close();
    source = null;
    void poll();
  };

  const create = options.createEventSource ?? (typeof EventSource === 'undefined' ? undefined : (url: string) => new EventSource(url));
  if (!create) {
    void poll();
    return stop;
  }
  source = create(options.eventsUrl);
  source.addEventListener('job', (event) => {
    const job = parseJob(event.data);
    if (job) receive(job);
  });
  source.addEventListener('error', fallBackToPolling);
  return stop;
}
