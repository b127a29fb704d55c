import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testPatternMp4 } from '#test-support/videos.ts';
import { extractFrame, parseProbe, probeVideo } from './video-probe.ts';

describe('probing a video with ffmpeg', () => {
  it('reads codec, pixel format, size, duration and frame rate', async () => {
    expect(await probeVideo(await testPatternMp4('320x240', 2))).toEqual({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 320,
      height: 240,
      durationSeconds: 2,
      fps: 24,
    });
  });

  it('extracts one frame as a PNG of the video size', async () => {
    const frame = await extractFrame(await testPatternMp4('160x120', 1), 0.5);
    expect(await sharp(frame).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });
  });

  it('refuses what is not a video', async () => {
    await expect(probeVideo(Buffer.from('<html>not a video</html>'))).rejects.toThrow(/not a video/);
    await expect(
      probeVideo(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
      ),
    ).rejects.toThrow(/not a video/);
  });

  it('parses the stream line of other codecs and pixel formats', () => {
    const stderr = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':
  Duration: 00:00:04.04, start: 0.000000, bitrate: 900 kb/s
    Stream #0:0[0x1](und): Video: hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 1280x720 [SAR 1:1 DAR 16:9], 890 kb/s, 25 fps, 25 tbr, 12800 tbn (default)`;
    expect(parseProbe(stderr)).toEqual({ codec: 'hevc', pixelFormat: 'yuv420p', width: 1280, height: 720, durationSeconds: 4.04, fps: 25 });
  });
});
