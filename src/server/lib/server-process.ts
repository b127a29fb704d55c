/**
 * Settings the server process must be started with, because neither can be changed once it runs
 * (docs/operations.md#memory). The server's entry (main.ts) re-executes itself with them, so
 * `npm start`, `node src/server/main.ts` and every test or benchmark that starts it get them; an
 * operator's own NODE_OPTIONS or MALLOC_* variables win.
 * - V8's young generation: 16 MB semi-spaces instead of the 64 MB Node 24 picks on a large
 *   machine, all of it resident once a burst has filled it.
 * - V8's old generation: the next full collection once it has grown by 20% over what the last one
 *   kept, instead of up to 4×. Under 100 connections every request still in flight is promoted,
 *   and with the default factor the heap reached 2.5× its live size (peak RSS ~300 MB on
 *   PostgreSQL); at 20% it stays near 230 MB for the same CPU per request. It is not a cap: the
 *   heap still grows as far as its live objects need.
 * - glibc malloc: libvips decodes on libuv's threads, and each thread's arena keeps what it freed,
 *   as does the main heap between long-lived blocks. Two arenas, and every block of 32 KB or more
 *   (request body chunks, libvips tiles) mapped on its own (a fixed threshold no longer rises after
 *   a large free), give a burst of large uploads back to the system when it is over.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=20'] as const;
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' } as const;

/** The Node arguments and environment that start `entry` as a server with the settings above. */
export function serverLaunch(entry: string, env: NodeJS.ProcessEnv = process.env): { args: string[]; env: Record<string, string> } {
  const nodeOptions = env['NODE_OPTIONS'] ?? '';
  const flags = SERVER_NODE_FLAGS.filter((flag) => !nodeOptions.includes(flag.split('=')[0]!));
  const given = Object.fromEntries(Object.entries(env).filter((pair): pair is [string, string] => pair[1] !== undefined));
  return { args: [...flags, entry], env: { ...SERVER_MALLOC_ENV, ...given } };
}

/** Marks a process already started with the settings, so it re-executes once at most. */
const LAUNCHED = 'KLIPT_SERVER_SETTINGS';

/**
 * Replaces this process (same id, same signals) with one started with the settings, unless it
 * already is; where a process cannot replace itself (Windows, an older Node) it runs without them.
 */
export function relaunchWithServerSettings(entry: string): void {
  if (process.env[LAUNCHED] || process.platform === 'win32' || !process.execve) return;
  const { args, env } = serverLaunch(entry, { ...process.env, [LAUNCHED]: '1' });
  // Flags given on the command line win as well.
  const flags = args.slice(0, -1).filter((flag) => !process.execArgv.some((arg) => arg.startsWith(flag.split('=')[0]!)));
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, entry, ...process.argv.slice(2)], env);
}
