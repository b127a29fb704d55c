/**
 * The local AI's video renderer (src/local-ai) behind the VideoProvider interface: its frames, raw
 * RGB, piped into the npm ffmpeg binary and encoded as an H.264 MP4 (yuv420p, +faststart, 24 fps).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_VIDEO_FPS } from '#contracts/video-effects.ts';
import { drawLocalVideoFrames } from '#local-ai/index.ts';
import { runFfmpeg } from '../../lib/ffmpeg.ts';
import { asProviderError } from './local-ai-error.ts';
import type { VideoCallContext, VideoProvider, VideoRequest, VideoResult } from './video-provider.ts';

/** Writes to ffmpeg's stdin, waiting when its buffer is full. */
function write(stdin: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stdin.write(chunk, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else stdin.once('drain', () => resolve());
  });
}

export async function renderLocalVideo(request: VideoRequest, context: VideoCallContext): Promise<VideoResult> {
  const frames = await drawLocalVideoFrames(request).catch((error: unknown) => {
    throw asProviderError(error);
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-video-'));
  const out = path.join(dir, 'video.mp4');
  try {
    context.onPhase?.('generating', 0);
    let reported = 0;
    await runFfmpeg(
      // Raw RGB frames in; H.264 High, yuv420p (every browser plays it), moov atom first out.
      // prettier-ignore
      [
        '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${frames.width}x${frames.height}`, '-r', String(LOCAL_VIDEO_FPS), '-i', 'pipe:0',
        '-frames:v', String(frames.count), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-profile:v', 'high',
        '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-v', 'error', '-y', out,
      ],
      {
        signal: context.signal,
        input: async (stdin) => {
          for (let i = 0; i < frames.count; i++) {
            context.signal.throwIfAborted();
            await write(stdin, frames.frame(i));
            const percent = Math.floor(((i + 1) / frames.count) * 100);
            if (percent - reported >= 10 || i === frames.count - 1) {
              reported = percent;
              context.onPhase?.('generating', percent);
            }
          }
          context.onPhase?.('finalizing');
        },
      },
    );
    const data = await readFile(out);
    return { data, mimeType: 'video/mp4', attributes: { fps: String(LOCAL_VIDEO_FPS), renderer: 'local' } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Draws and encodes one video: `localVideoRenderer(pool)` in the server (local-video-pool.ts), on this thread by default. */
export type LocalVideoRenderer = typeof renderLocalVideo;

export function createLocalVideoProvider(render: LocalVideoRenderer = renderLocalVideo): VideoProvider {
  return { name: 'local', generate: render };
}
