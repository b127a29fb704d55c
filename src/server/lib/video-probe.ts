import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';

export interface VideoInfo {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
}

/** ffmpeg reads MP4 from a file: the moov atom may sit at the end, which a pipe cannot seek to. */
async function withTempFile<T>(data: Buffer, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-probe-'));
  const file = path.join(dir, 'video.mp4');
  try {
    await writeFile(file, data);
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parses what `ffmpeg -i` prints about a file's first video stream. */
export function parseProbe(stderr: string): VideoInfo {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const stream = /Stream #\d+:\d+(?:\[\w+\])?(?:\(\w+\))?: Video: (\w+)[^,]*, (\w+)(?:\([^)]*\))?, (\d+)x(\d+)[^\n]*?, ([\d.]+) fps/.exec(
    stderr,
  );
  if (!duration || !stream) throw new Error('not a video: no duration or no video stream found');
  const [, h, m, s] = duration;
  return {
    codec: stream[1]!,
    pixelFormat: stream[2]!,
    width: Number(stream[3]),
    height: Number(stream[4]),
    durationSeconds: Number(h) * 3600 + Number(m) * 60 + Number(s),
    fps: Number(stream[5]),
  };
}

/** The codec, pixel format, size, duration and frame rate of a video (no ffprobe needed). */
export async function probeVideo(data: Buffer): Promise<VideoInfo> {
  return withTempFile(data, async (file) => parseProbe((await runFfmpeg(['-i', file])).stderr));
}

/** One frame of a video as PNG, at the given second. */
export async function extractFrame(data: Buffer, atSeconds: number): Promise<Buffer> {
  return withTempFile(data, async (file) => {
    const { stdout } = await runFfmpeg([
      '-v',
      'error',
      '-ss',
      String(atSeconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ]);
    if (stdout.length === 0) throw new Error(`no frame at ${atSeconds} s`);
    return stdout;
  });
}
