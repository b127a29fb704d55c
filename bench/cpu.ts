import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** CPU seconds (user + system) a process has used, from /proc; undefined once it is gone. */
function processCpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Busy CPU seconds of the whole machine (every core), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS_PER_SECOND;
}

export interface CpuShares {
  /** Cores each named process kept busy on average (1 = one core all the time). */
  processes: Record<string, number>;
  /** Every PostgreSQL process together. */
  postgres: number;
  /** This process (the load generator). */
  client: number;
  machine: number;
}

/**
 * Where the machine's CPU went between start() and stop(): the named processes, PostgreSQL, this
 * process and the whole machine, in cores. It explains a throughput figure: on a small machine
 * the server, the database and the load generator share the same cores.
 */
export function measureCpu(named: Record<string, number>): { stop: () => CpuShares } {
  const started = performance.now();
  const before = Object.fromEntries(Object.entries(named).map(([name, pid]) => [name, processCpuSeconds(pid) ?? 0]));
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, processCpuSeconds(pid) ?? 0]));
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const cores = (used: number) => Number((used / seconds).toFixed(2));
      const client = process.cpuUsage(clientBefore);
      let postgres = 0;
      for (const pid of postgresPids()) postgres += (processCpuSeconds(pid) ?? 0) - (postgresBefore.get(pid) ?? 0);
      return {
        processes: Object.fromEntries(
          Object.entries(named).map(([name, pid]) => [name, cores((processCpuSeconds(pid) ?? 0) - (before[name] ?? 0))]),
        ),
        postgres: cores(postgres),
        client: cores((client.user + client.system) / 1e6),
        machine: cores(machineBusySeconds() - machineBefore),
      };
    },
  };
}
