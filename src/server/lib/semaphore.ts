/**
 * At most `slots` tasks at once; the others wait their turn in arrival order (none is refused).
 * `highWater` is the most that ever ran at once, so tests can check a bound without timing.
 */
export class Semaphore {
  readonly slots: number;
  #running = 0;
  #highWater = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`a semaphore needs at least one slot, not ${slots}`);
    this.slots = slots;
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
    // A released slot passes straight to the next waiter, so `running` never drops in between.
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#highWater = Math.max(this.#highWater, this.#running);
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
