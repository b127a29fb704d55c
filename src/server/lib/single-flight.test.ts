import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

function held<T>() {
  let finish!: (value: T) => void;
  let fail!: (err: Error) => void;
  const done = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { done, finish, fail };
}

describe('SingleFlight', () => {
  it('runs a key once while it runs: every caller gets the one result, other keys run on their own', async () => {
    const flights = new SingleFlight<string>();
    const [a, b] = [held<string>(), held<string>()];
    let runs = 0;
    const first = Array.from({ length: 5 }, () =>
      flights.run('a', () => {
        runs++;
        return a.done;
      }),
    );
    const other = flights.run('b', () => {
      runs++;
      return b.done;
    });
    await Promise.resolve();
    expect([runs, flights.size]).toEqual([2, 2]);
    a.finish('A');
    b.finish('B');
    expect(await Promise.all(first)).toEqual(['A', 'A', 'A', 'A', 'A']);
    expect(await other).toBe('B');
    expect(flights.size).toBe(0);
  });

  it('shares a failure, then lets the next call start afresh', async () => {
    const flights = new SingleFlight<string>();
    const failing = held<string>();
    const calls = [flights.run('k', () => failing.done), flights.run('k', () => Promise.resolve('never'))];
    failing.fail(new Error('render failed'));
    for (const call of calls) await expect(call).rejects.toThrow('render failed');
    await expect(flights.run('k', () => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('turns a task that throws at once into a shared rejection and frees the key', async () => {
    const flights = new SingleFlight<string>();
    await expect(
      flights.run('k', () => {
        throw new Error('no picture');
      }),
    ).rejects.toThrow('no picture');
    expect(flights.size).toBe(0);
  });
});
