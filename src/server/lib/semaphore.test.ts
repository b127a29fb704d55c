import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore.ts';

/** A task that runs until the test lets it finish. */
function heldTask() {
  let finish!: (value: string) => void;
  let fail!: (err: Error) => void;
  let started = false;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    run: () => {
      started = true;
      return done;
    },
    finish,
    fail,
    get started() {
      return started;
    },
  };
}

describe('Semaphore', () => {
  it('runs at most its slots at once and starts the others in arrival order as slots free', async () => {
    const slots = new Semaphore(2);
    const tasks = Array.from({ length: 5 }, heldTask);
    const results = tasks.map((task) => slots.run(task.run));

    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false, false]);
    expect([slots.running, slots.waiting]).toEqual([2, 3]);

    tasks[1]!.finish('b');
    await expect(results[1]).resolves.toBe('b');
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false, false]);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    for (const [i, task] of tasks.entries()) task.finish(String(i));
    await Promise.all(results);
    expect(tasks.every((t) => t.started)).toBe(true);
    expect([slots.running, slots.waiting, slots.highWater]).toEqual([0, 0, 2]);
  });

  it('gives the slot of a failed task to the next one', async () => {
    const slots = new Semaphore(1);
    const [first, second] = [heldTask(), heldTask()];
    const results = [slots.run(first.run), slots.run(second.run)];
    expect(second.started).toBe(false);

    first.fail(new Error('decode failed'));
    await expect(results[0]).rejects.toThrow('decode failed');
    expect(second.started).toBe(true);
    second.finish('ok');
    await expect(results[1]).resolves.toBe('ok');
    expect(slots.running).toBe(0);
  });

  it('needs at least one slot', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('Semaphore with a bounded wait queue', () => {
  it('refuses a task at once when maxWaiting others already wait, and takes new ones as the queue drains', async () => {
    const slots = new Semaphore(1, { maxWaiting: 2 });
    const tasks = Array.from({ length: 3 }, heldTask);
    const results = tasks.map((task) => slots.run(task.run));
    expect([slots.running, slots.waiting]).toEqual([1, 2]);

    const refused = heldTask();
    await expect(slots.run(refused.run)).rejects.toBeInstanceOf(QueueFullError);
    expect(refused.started).toBe(false);
    expect([slots.running, slots.waiting]).toEqual([1, 2]);

    tasks[0]!.finish('a');
    await results[0];
    const late = heldTask();
    const lateResult = slots.run(late.run);
    expect([slots.running, slots.waiting]).toEqual([1, 2]);
    for (const task of [...tasks, late]) task.finish('done');
    await Promise.all([...results, lateResult]);
    expect([slots.running, slots.waiting, slots.highWater]).toEqual([0, 0, 1]);
  });

  it('with maxWaiting 0 runs only what finds a free slot', async () => {
    const slots = new Semaphore(1, { maxWaiting: 0 });
    const first = heldTask();
    const result = slots.run(first.run);
    await expect(slots.run(heldTask().run)).rejects.toBeInstanceOf(QueueFullError);
    first.finish('ok');
    await expect(result).resolves.toBe('ok');
  });
});

describe('Semaphore onIdle', () => {
  it('is called when the last task ends with none waiting, not while a waiter takes the slot', async () => {
    let idle = 0;
    const semaphore = new Semaphore(1, { onIdle: () => idle++ });
    const first = heldTask();
    const second = heldTask();
    const a = semaphore.run(first.run);
    const b = semaphore.run(second.run);
    first.finish('a');
    await a;
    expect(idle).toBe(0);
    second.fail(new Error('b failed'));
    await expect(b).rejects.toThrow('b failed');
    expect(idle).toBe(1);
    await semaphore.run(async () => 'c');
    expect(idle).toBe(2);
  });
});
