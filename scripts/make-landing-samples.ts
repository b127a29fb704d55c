/**
 * Renders the landing page media with the local AI (src/local-ai): the three sample klips of the
 * hero (H.264 MP4, 480×600, 4 s, no audio) with their WebP posters, and a still for the
 * "AI-generated models" card.
 *
 *   npx node scripts/make-landing-samples.ts
 *
 * Each klip is one picture the local AI draws from its prompt, a little larger than the video,
 * filmed with a slow push-in and drift that is periodic in the loop time t ∈ [0, 1), so the last
 * frame flows into the first and the videos loop seamlessly. The poster is frame 0 of each video.
 * Output: src/web/features/landing/media/{serum,sneaker,coffee}.{mp4,webp} and model.webp,
 * committed. Short names keep the hashed URLs in the JS small.
 *
 *   npx node scripts/make-landing-samples.ts --preview /tmp/frames [0.4,0.45]
 *
 * writes PNG stills (by default at t = 0, ¼, ½, ¾ of each loop) instead, for a quick look.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp, { type Sharp } from 'sharp';
import { type LocalImageRequest, renderLocalImage } from '#local-ai/index.ts';

const W = 480;
const H = 600;
/** The picture is drawn this much larger than the video, so the camera can move over it. */
const OVERSCAN = 1.25;
const FPS = 24;
const SECONDS = 4;
const FRAMES = FPS * SECONDS;
const MAX_VIDEO_BYTES = 240 * 1024;
const MAX_POSTER_BYTES = 28 * 1024;
const STILL_W = 480;
const STILL_H = 360;
const outDir = path.resolve(import.meta.dirname, '../src/web/features/landing/media');

const TAU = Math.PI * 2;
/** A sine wave with one full period per loop, so it is seamless. */
const wave = (t: number, phase = 0) => Math.sin(TAU * (t + phase));
/** 0 → 1 → 0 once per loop, smooth at both ends. */
const pulse = (t: number) => 0.5 - 0.5 * Math.cos(TAU * t);

const text = (prompt: string, seed: number, width: number, height: number): LocalImageRequest => ({
  mode: 'text',
  prompt,
  seed,
  width,
  height,
});

const samples = [
  {
    name: 'serum',
    prompt: 'Amber glass serum dropper bottle on a pastel pink two-tier podium, soft light, sparkles, minimal studio',
    seed: 1,
  },
  {
    name: 'sneaker',
    prompt: 'White sneaker floating over a vivid magenta gradient with motion streaks, confetti, bold new drop energy',
    seed: 7,
  },
  {
    name: 'coffee',
    prompt: 'Ceramic coffee mug with steam on a rustic wooden table by a window, cozy morning light, plants in background',
    seed: 3,
  },
];
const modelPrompt = 'Violet t-shirt on a model with sunglasses, playful lilac studio, sparkles';

async function draw(request: LocalImageRequest): Promise<Buffer> {
  return (await renderLocalImage(request, { signal: AbortSignal.timeout(120_000) })).png;
}

/** Frame t of the loop: a window over the picture that zooms in and out once and drifts sideways. */
async function filmFrame(picture: Buffer, t: number): Promise<Buffer> {
  const zoom = 1 + 0.1 * pulse(t);
  const width = Math.round((W * OVERSCAN) / zoom);
  const height = Math.round((H * OVERSCAN) / zoom);
  const spareX = W * OVERSCAN - width;
  const spareY = H * OVERSCAN - height;
  const left = Math.round(spareX / 2 + (spareX / 2) * 0.6 * wave(t, 0.25));
  const top = Math.round(spareY / 2);
  return sharp(picture).extract({ left, top, width, height }).resize(W, H).removeAlpha().raw().toBuffer();
}

async function renderFrames(picture: Buffer): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) frames.push(await filmFrame(picture, i / FRAMES));
  return frames;
}

function encode(frames: Buffer[], file: string, crf: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${W}x${H}`,
      '-r',
      String(FPS),
      '-i',
      '-',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-profile:v',
      'high',
      '-crf',
      String(crf),
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      file,
    ];
    const child = spawn(ffmpeg.path, args, { stdio: ['pipe', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code} for ${file}`))));
    child.stdin.on('error', reject);
    for (const frame of frames) child.stdin.write(frame);
    child.stdin.end();
  });
}

/** Writes a picture as WebP, lowering the quality until it fits the poster budget. */
async function writeWebp(image: Sharp, file: string): Promise<void> {
  for (let quality = 74; quality >= 40; quality -= 6) {
    await image.clone().removeAlpha().webp({ quality, effort: 6 }).toFile(file);
    if (statSync(file).size <= MAX_POSTER_BYTES) return;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rawFrame = (frame: Buffer) => sharp(frame, { raw: { width: W, height: H, channels: 3 } });

const pictures = await Promise.all(samples.map((sample) => draw(text(sample.prompt, sample.seed, W * OVERSCAN, H * OVERSCAN))));
const modelPicture = await draw(text(modelPrompt, 4, STILL_W, STILL_H));

const previewFlag = process.argv.indexOf('--preview');
if (previewFlag !== -1) {
  const previewDir = path.resolve(process.argv[previewFlag + 1] ?? 'landing-sample-frames');
  mkdirSync(previewDir, { recursive: true });
  const times = process.argv[previewFlag + 2]?.split(',').map(Number) ?? [0, 0.25, 0.5, 0.75];
  for (const [i, sample] of samples.entries()) {
    for (const t of times) {
      await rawFrame(await filmFrame(pictures[i]!, t))
        .png()
        .toFile(path.join(previewDir, `${sample.name}-${t}.png`));
    }
  }
  await sharp(modelPicture).toFile(path.join(previewDir, 'model.png'));
  console.log(`Preview stills written to ${previewDir}`);
  process.exit(0);
}

mkdirSync(outDir, { recursive: true });
for (const [i, sample] of samples.entries()) {
  const video = path.join(outDir, `${sample.name}.mp4`);
  const poster = path.join(outDir, `${sample.name}.webp`);
  const frames = await renderFrames(pictures[i]!);
  let crf = 22;
  await encode(frames, video, crf);
  while (statSync(video).size > MAX_VIDEO_BYTES && crf < 34) {
    crf += 2;
    await encode(frames, video, crf);
  }
  await writeWebp(rawFrame(frames[0]!), poster);
  console.log(
    `${sample.name}: ${W}x${H}, ${SECONDS}s @ ${FPS} fps, crf ${crf} → ${path.basename(video)} ${kb(statSync(video).size)}, ${path.basename(poster)} ${kb(statSync(poster).size)}`,
  );
}
const still = path.join(outDir, 'model.webp');
await writeWebp(sharp(modelPicture), still);
console.log(`model: ${STILL_W}x${STILL_H} still → ${path.basename(still)} ${kb(statSync(still).size)}`);
