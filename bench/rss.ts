import { readFileSync } from 'node:fs';

/** A process's resident memory in MB, from /proc (counts native and WASM memory, not only the JS heap). */
export function residentMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined; // the process is gone
  }
}

/** Samples a process's resident memory every `intervalMs` until stopped; the peak and the last sample. */
export function sampleResidentMemory(pid: number, intervalMs = 200): { stop: () => { peakMb: number; lastMb: number; samples: number } } {
  let peakMb = 0;
  let lastMb = 0;
  let samples = 0;
  const sample = () => {
    const mb = residentMb(pid);
    if (mb === undefined) return;
    peakMb = Math.max(peakMb, mb);
    lastMb = mb;
    samples++;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakMb, lastMb, samples };
    },
  };
}
