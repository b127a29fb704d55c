/**
 * One run of a task per key at a time in this process: whoever asks for a key while its task runs
 * gets that run's result (or its failure) instead of starting another. The key is free again as
 * soon as the run ends, so a later call starts afresh (after a failure too).
 */
export class SingleFlight<T> {
  readonly #running = new Map<string, Promise<T>>();

  /** Keys whose task is running. */
  get size(): number {
    return this.#running.size;
  }

  run(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.#running.get(key);
    if (running) return running;
    const started = Promise.resolve()
      .then(task)
      .finally(() => this.#running.delete(key));
    this.#running.set(key, started);
    return started;
  }
}
