import type { GenerationJob } from '#contracts/generation.ts';

type Listener = (event: Event) => void;

/** jsdom has no EventSource: this stand-in records every stream the page opens and lets a test push events. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  /** The newest stream that is still open. */
  static open(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => !s.closed).at(-1);
  }

  /** The newest stream of one job (`/api/generations/:id/events`). */
  static forJob(id: string): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => s.url === `/api/generations/${id}/events`).at(-1);
  }

  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  private dispatch(event: Event): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }

  /** The server's `event: job` with the job as JSON. */
  sendJob(job: GenerationJob): void {
    this.readyState = 1;
    this.dispatch(new MessageEvent('job', { data: JSON.stringify(job) }));
  }

  /** The connection broke (EventSource's `error`). */
  fail(): void {
    this.dispatch(new Event('error'));
  }
}
