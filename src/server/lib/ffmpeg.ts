import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The ffmpeg binary the project installs from npm (a static build; nothing is downloaded at run time). */
export const ffmpegPath: string = ffmpegInstaller.path;

export interface FfmpegRun {
  /** Bytes written to ffmpeg's stdin, or a writer that feeds it (frames) and resolves when done. */
  input?: Buffer | ((stdin: NodeJS.WritableStream) => Promise<void>);
  signal?: AbortSignal;
}

export class FfmpegError extends Error {
  readonly exitCode: number | null;
  constructor(exitCode: number | null, stderr: string) {
    super(`ffmpeg exited with ${exitCode}: ${stderr.trim().split('\n').slice(-4).join(' | ')}`);
    this.name = 'FfmpegError';
    this.exitCode = exitCode;
  }
}

/**
 * Runs ffmpeg with these arguments and returns its stdout and stderr. A non-zero exit rejects with
 * the end of stderr; an aborted signal kills the process and rejects with the signal's reason.
 */
export function runFfmpeg(
  args: readonly string[],
  run: FfmpegRun = {},
): Promise<{ stdout: Buffer; stderr: string; exitCode: number | null }> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) {
      reject(run.signal.reason);
      return;
    }
    const child = spawn(ffmpegPath, ['-hide_banner', ...(run.input ? [] : ['-nostdin']), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let errBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Keep the tail only: a long encode logs a line per second.
      err.push(chunk);
      errBytes += chunk.length;
      while (errBytes > 64_000 && err.length > 1) errBytes -= err.shift()!.length;
    });
    const onAbort = () => child.kill('SIGKILL');
    run.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdin.on('error', () => {}); // ffmpeg may close stdin early (an error it reports itself)
    child.on('error', (error) => {
      run.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (exitCode) => {
      run.signal?.removeEventListener('abort', onAbort);
      const stderr = Buffer.concat(err).toString('utf8');
      if (run.signal?.aborted) reject(run.signal.reason);
      else if (exitCode !== 0 && !(isProbe(args) && exitCode === 1)) reject(new FfmpegError(exitCode, stderr));
      else resolve({ stdout: Buffer.concat(out), stderr, exitCode });
    });
    if (typeof run.input === 'function') {
      run.input(child.stdin).then(
        () => child.stdin.end(),
        (error: unknown) => {
          child.kill('SIGKILL');
          reject(error);
        },
      );
    } else if (run.input) {
      child.stdin.end(run.input);
    } else {
      child.stdin.end();
    }
  });
}

/** `ffmpeg -i file` with no output exits 1 after printing what it found: that is how we probe. */
function isProbe(args: readonly string[]): boolean {
  return args.length === 2 && args[0] === '-i';
}
