import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * V8's full garbage collection, run on demand. The flag exposes `gc` only to the context created
 * while it is set, not to the application's own globals.
 */
export function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Returns a nudge: `collect` runs once `delayMs` have passed since the last nudge. sharp hands its
 * output back in buffers outside the JavaScript heap (an upload's normalised PNG can be 12 MB),
 * freed only when V8 collects their Buffer objects; a server gone quiet after a burst allocates
 * nothing more, so V8 saw no reason to collect and the burst's buffers stayed resident for minutes
 * (docs/operations.md#memory). The timer never keeps the process alive.
 */
export function collectAfterQuiet(options: { delayMs: number; collect: () => void }): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(options.collect, options.delayMs);
    timer.unref();
  };
}
