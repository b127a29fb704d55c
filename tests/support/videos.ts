import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '#server/lib/ffmpeg.ts';

/** A real H.264 MP4 (yuv420p, 24 fps, faststart) of ffmpeg's test pattern, e.g. size '320x240'. */
export async function testPatternMp4(size = '320x240', seconds = 1): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-test-video-'));
  try {
    const file = path.join(dir, 'pattern.mp4');
    // prettier-ignore
    await runFfmpeg([
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=24`, '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
