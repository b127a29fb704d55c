/** Thrown by a semaphore whose wait queue is full: the caller answers "busy" instead of piling up. */
export class QueueFullError extends Error {
  constructor() {
    super('the wait queue is full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `slots` tasks at once; the others wait their turn in arrival order. With `maxWaiting`,
 * a task that would be queued behind that many others is refused at once (QueueFullError);
 * without it none is refused. `highWater` is the most that ever ran at once, so tests can check a
 * bound without timing.
 */
export class Semaphore {
  readonly slots: number;
  readonly maxWaiting: number;
  #running = 0;
  #highWater = 0;
  readonly #waiting: Array<() => void> = [];

  readonly #onIdle: (() => void) | undefined;

  /** `onIdle` is called whenever the last running task ends with none waiting. */
  constructor(slots: number, options: { maxWaiting?: number; onIdle?: () => void } = {}) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`a semaphore needs at least one slot, not ${slots}`);
    const maxWaiting = options.maxWaiting ?? Infinity;
    if (!(maxWaiting >= 0)) throw new RangeError(`a wait queue cannot hold ${maxWaiting}`);
    this.slots = slots;
    this.maxWaiting = maxWaiting;
    this.#onIdle = options.onIdle;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get highWater(): number {
    return this.#highWater;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.slots) this.#running++;
    else if (this.#waiting.length >= this.maxWaiting) throw new QueueFullError();
    // A released slot passes straight to the next waiter, so `running` never drops in between.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#highWater = Math.max(this.#highWater, this.#running);
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else if (--this.#running === 0) this.#onIdle?.();
    }
  }
}
