/**
 * Renders the landing page media: the three sample klips of the hero (H.264 MP4, 480×600, 4 s,
 * no audio) with their WebP posters, and a still for the "AI-generated models" card.
 *
 *   npx node scripts/make-landing-samples.ts
 *
 * Every frame is an SVG drawn from code (no fonts, no downloads), rasterised with sharp and piped
 * into ffmpeg as raw RGB. All motion is periodic in the loop time t ∈ [0, 1), so the last frame
 * flows into the first and the videos loop seamlessly. The poster is frame 0 of each video.
 * Output: src/web/features/landing/media/{serum,sneaker,coffee}.{mp4,webp} and model.webp (a still
 * for the "AI-generated models" card), committed. Short names keep the hashed URLs in the JS small.
 *
 *   npx node scripts/make-landing-samples.ts --preview /tmp/frames [0.4,0.45]
 *
 * writes PNG stills (by default at t = 0, ¼, ½, ¾ of each loop) instead, for a quick look while
 * editing a scene.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';

const W = 480;
const H = 600;
const FPS = 24;
const SECONDS = 4;
const FRAMES = FPS * SECONDS;
const MAX_VIDEO_BYTES = 240 * 1024;
const MAX_POSTER_BYTES = 28 * 1024;
const outDir = path.resolve(import.meta.dirname, '../src/web/features/landing/media');

const TAU = Math.PI * 2;
/** A sine wave with one full period per loop (or `cycles` periods), so it is seamless. */
const wave = (t: number, phase = 0, cycles = 1) => Math.sin(TAU * (t * cycles + phase));
/** 0 → 1 → 0 once per loop, smooth at both ends. */
const pulse = (t: number, phase = 0) => 0.5 - 0.5 * Math.cos(TAU * (t + phase));
const frac = (x: number) => x - Math.floor(x);
const smooth = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
const n = (x: number) => Number(x.toFixed(2));

/** A four-pointed sparkle centred on (x, y). */
function sparkle(x: number, y: number, r: number, opacity: number, fill = '#fff'): string {
  const k = r * 0.18;
  return `<path transform="translate(${n(x)} ${n(y)})" opacity="${n(opacity)}" fill="${fill}" d="M0 ${-r}Q${k} ${-k} ${r} 0Q${k} ${k} 0 ${r}Q${-k} ${k} ${-r} 0Q${-k} ${-k} 0 ${-r}Z"/>`;
}

// ---------------------------------------------------------------------------------------------
// 1. Serum: an amber dropper bottle on a pastel two-tier podium; slow push-in with parallax,
//    a light sweep across the glass and twinkling sparkles.
// ---------------------------------------------------------------------------------------------
function serumFrame(t: number): string {
  const zoom = 1.16 + 0.04 * wave(t, -0.25);
  const bgShift = 7 * wave(t);
  const fgShift = -5 * wave(t);
  const float = -4 * wave(t, 0.1);
  // The sweep crosses the bottle between t = 0.2 and t = 0.6 and is off the glass otherwise.
  const sweep = -140 + 280 * smooth((t - 0.2) / 0.4);
  const sparkles = [
    [112, 170, 13, 0],
    [372, 214, 10, 0.3],
    [336, 118, 7, 0.55],
    [150, 300, 8, 0.75],
    [390, 350, 6, 0.15],
  ]
    .map(([x = 0, y = 0, r = 0, p = 0]) => sparkle(x, y, r * (0.6 + 0.4 * pulse(t, p)), 0.25 + 0.7 * pulse(t, p)))
    .join('');

  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fde7ec"/><stop offset="1" stop-color="#eedcfb"/></linearGradient>
    <linearGradient id="arch" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f9c9d6"/><stop offset="1" stop-color="#f3b8cc"/></linearGradient>
    <linearGradient id="tier" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ead7e4"/><stop offset="0.45" stop-color="#fff7fb"/><stop offset="1" stop-color="#dcc3d6"/></linearGradient>
    <linearGradient id="tier2" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e2cde8"/><stop offset="0.45" stop-color="#faf3ff"/><stop offset="1" stop-color="#cfb6dc"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9561c"/><stop offset="0.3" stop-color="#f0a060"/><stop offset="0.55" stop-color="#e0823f"/><stop offset="1" stop-color="#9c4414"/></linearGradient>
    <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b8923f"/><stop offset="0.4" stop-color="#fbe7b0"/><stop offset="1" stop-color="#a57f31"/></linearGradient>
    <linearGradient id="bulb" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1d1b26"/><stop offset="0.35" stop-color="#4a4658"/><stop offset="1" stop-color="#15131c"/></linearGradient>
    <linearGradient id="sweep" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="7"/></filter>
    <filter id="blob" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="30"/></filter>
    <clipPath id="bottle"><rect x="188" y="286" width="104" height="170" rx="24"/></clipPath>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <g transform="translate(240 400) scale(${n(zoom)}) translate(-240 -400)">
    <g transform="translate(${n(bgShift)} 0)">
      <circle cx="390" cy="150" r="130" fill="#ffd4c4" opacity="0.8" filter="url(#blob)"/>
      <circle cx="70" cy="420" r="150" fill="#d9c6ff" opacity="0.8" filter="url(#blob)"/>
      <path d="M120 520V250A120 120 0 0 1 360 250V520Z" fill="url(#arch)"/>
      <ellipse cx="240" cy="270" rx="120" ry="120" fill="url(#glow)" opacity="0.55"/>
    </g>
    <g transform="translate(${n(fgShift)} 0)">
      <rect x="50" y="500" width="380" height="160" fill="url(#tier2)"/>
      <ellipse cx="240" cy="500" rx="190" ry="30" fill="#f6ecfb"/>
      <ellipse cx="240" cy="502" rx="150" ry="20" fill="#000" opacity="0.08" filter="url(#soft)"/>
      <rect x="110" y="452" width="260" height="50" fill="url(#tier)"/>
      <ellipse cx="240" cy="502" rx="130" ry="20" fill="url(#tier)"/>
      <ellipse cx="240" cy="452" rx="130" ry="22" fill="#fff6fa"/>
      <ellipse cx="240" cy="${n(454 - float * 0.3)}" rx="${n(66 + float)}" ry="9" fill="#5a2a3c" opacity="0.2" filter="url(#soft)"/>
      <g transform="translate(0 ${n(float)})">
        <rect x="224" y="188" width="32" height="60" rx="16" fill="url(#bulb)"/>
        <rect x="230" y="196" width="5" height="36" rx="2.5" fill="#fff" opacity="0.3"/>
        <rect x="214" y="240" width="52" height="36" rx="7" fill="url(#gold)"/>
        <rect x="214" y="262" width="52" height="3" fill="#000" opacity="0.12"/>
        <rect x="222" y="274" width="36" height="16" fill="#8a3f14"/>
        <rect x="188" y="286" width="104" height="170" rx="24" fill="url(#glass)"/>
        <rect x="200" y="300" width="11" height="140" rx="5.5" fill="#fff" opacity="0.38"/>
        <rect x="276" y="304" width="5" height="120" rx="2.5" fill="#fff" opacity="0.18"/>
        <rect x="206" y="346" width="68" height="74" rx="8" fill="#fff8f1"/>
        <circle cx="240" cy="368" r="9" fill="none" stroke="#d9825a" stroke-width="3"/>
        <rect x="220" y="386" width="40" height="5" rx="2.5" fill="#3a2530"/>
        <rect x="226" y="398" width="28" height="4" rx="2" fill="#c9a9b4"/>
        <rect x="230" y="408" width="20" height="4" rx="2" fill="#c9a9b4"/>
        <g clip-path="url(#bottle)">
          <rect x="${n(210 + sweep)}" y="250" width="44" height="240" fill="url(#sweep)" transform="rotate(18 ${n(232 + sweep)} 370)"/>
        </g>
      </g>
    </g>
    ${sparkles}
  </g>`;
}

// ---------------------------------------------------------------------------------------------
// 2. Sneaker drop: a sneaker floating and tilting over a vivid gradient with turning light rays,
//    falling confetti and a pulsing "NEW DROP" starburst (letters drawn as strokes, no fonts).
// ---------------------------------------------------------------------------------------------
const LETTERS: Record<string, [width: number, d: string]> = {
  N: [6, 'M0 10V0L6 10V0'],
  E: [5.5, 'M5.5 0H0V10H5.5M0 5H4.5'],
  W: [8, 'M0 0L1.7 10L4 3.2L6.3 10L8 0'],
  D: [6, 'M0 0V10H2.4Q6 10 6 5Q6 0 2.4 0Z'],
  R: [6, 'M0 10V0H3.4Q6 0 6 2.8Q6 5.6 3.4 5.6H0M3.2 5.6L6 10'],
  O: [6.4, 'M3.2 0Q6.4 0 6.4 5Q6.4 10 3.2 10Q0 10 0 5Q0 0 3.2 0Z'],
  P: [6, 'M0 10V0H3.4Q6 0 6 2.8Q6 5.6 3.4 5.6H0'],
};

/** A word drawn with stroked letter paths, centred on (0, 0), 10 units tall before scaling. */
function strokeWord(word: string, y: number): string {
  const gap = 2.6;
  const letters = word.split('');
  const widths = letters.map((c) => LETTERS[c]?.[0] ?? 0);
  const total = widths.reduce((a, b) => a + b, 0) + gap * (word.length - 1);
  let x = -total / 2;
  return letters
    .map((c, i) => {
      const out = `<path transform="translate(${n(x)} ${y})" d="${LETTERS[c]?.[1] ?? ''}"/>`;
      x += (widths[i] ?? 0) + gap;
      return out;
    })
    .join('');
}

function starburst(points: number, outer: number, inner: number): string {
  const d = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (i / (points * 2)) * TAU - Math.PI / 2;
    return `${i === 0 ? 'M' : 'L'}${n(Math.cos(a) * r)} ${n(Math.sin(a) * r)}`;
  }).join('');
  return `${d}Z`;
}

const CONFETTI = [
  [60, 0.05, '#facc15', 0],
  [420, 0.22, '#ffffff', 1],
  [130, 0.48, '#22d3ee', 2],
  [350, 0.66, '#facc15', 1],
  [250, 0.86, '#ffffff', 0],
  [20, 0.36, '#fb923c', 2],
  [455, 0.58, '#22d3ee', 0],
  [300, 0.12, '#fb923c', 1],
] as const;

function sneakerFrame(t: number): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * TAU;
    const b = a + 0.16;
    const r = 700;
    return `M0 0L${n(Math.cos(a) * r)} ${n(Math.sin(a) * r)}L${n(Math.cos(b) * r)} ${n(Math.sin(b) * r)}Z`;
  }).join('');
  // Twelve rays, turned by one ray spacing (30°) per loop: seamless.
  const rayTurn = 30 * t;
  const lift = 14 * wave(t);
  const tilt = -9 + 4 * wave(t, 0.15);
  const shadowScale = 1 - 0.14 * (lift / 14);
  const badgeScale = 1 + 0.06 * wave(t, 0, 2);
  const confetti = CONFETTI.map(([x, phase, color, shape], i) => {
    const u = frac(t + phase);
    const y = -30 + u * (H + 60);
    const sway = 14 * wave(u, i * 0.13);
    const spin = 360 * t * (i % 2 === 0 ? 1 : -1);
    const body =
      shape === 0
        ? '<rect x="-6" y="-3" width="12" height="6" rx="2"/>'
        : shape === 1
          ? '<circle r="4.5"/>'
          : '<path d="M-6 -5L6 0L-6 5Z"/>';
    return `<g transform="translate(${n(x + sway)} ${n(y)}) rotate(${n(spin)})" fill="${color}" opacity="0.9">${body}</g>`;
  }).join('');
  const streaks = [0, 1, 2]
    .map((i) => {
      const o = 0.15 + 0.35 * pulse(t, i * 0.33);
      return `<rect x="${44 + i * 8}" y="${n(262 + i * 26)}" width="${70 - i * 14}" height="5" rx="2.5" fill="#fff" opacity="${n(o)}"/>`;
    })
    .join('');

  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d28d9"/><stop offset="0.55" stop-color="#db2777"/><stop offset="1" stop-color="#fb923c"/></linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <linearGradient id="upper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e4e1ef"/></linearGradient>
    <linearGradient id="mid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d9d6e6"/></linearGradient>
    <linearGradient id="accent" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0c0a1d"/><stop offset="1" stop-color="#3b2a78"/></linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <g transform="translate(240 300) rotate(${n(rayTurn)})" fill="#fff" opacity="0.09"><path d="${rays}"/></g>
  <circle cx="240" cy="300" r="210" fill="url(#spot)"/>
  <circle cx="240" cy="300" r="150" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>
  ${confetti}
  <ellipse cx="240" cy="470" rx="${n(150 * shadowScale)}" ry="${n(16 * shadowScale)}" fill="#2e1065" opacity="${n(0.45 * shadowScale)}" filter="url(#soft)"/>
  ${streaks}
  <g transform="translate(240 ${n(300 - lift)}) rotate(${n(tilt)}) translate(-172 -86)">
    <path d="M14 134L18 52Q20 24 46 22Q86 34 120 26L138 16Q150 40 178 56Q236 82 278 96Q322 108 334 134Z" fill="url(#upper)"/>
    <path d="M44 24Q84 38 122 28Q84 46 44 24Z" fill="#2a2240"/>
    <path d="M118 28Q120 -2 146 -4L160 0Q150 16 150 36Z" fill="#f472b6"/>
    <path d="M278 96Q322 108 334 134H276Q262 114 278 96Z" fill="#ece9f6"/>
    <path d="M14 134L18 52Q20 24 46 22L56 24Q40 80 64 134Z" fill="#7c3aed"/>
    <path d="M88 124Q170 70 300 100Q200 102 128 130Z" fill="url(#accent)"/>
    <g stroke="#0c0a1d" stroke-width="4" stroke-linecap="round">
      <path d="M150 30L160 48"/><path d="M168 44L172 62"/><path d="M190 58L192 74"/><path d="M214 68L214 84"/><path d="M238 78L236 93"/>
    </g>
    <path d="M8 152H324Q338 152 336 162Q334 172 320 172H26Q8 172 8 160Z" fill="#1b1530"/>
    <path d="M6 124H332Q344 126 340 144Q336 156 322 156H22Q4 156 6 140Z" fill="url(#mid)"/>
    <path d="M12 148H332" stroke="#c9c4dc" stroke-width="2"/>
    <path d="M16 130H328" stroke="#facc15" stroke-width="4" stroke-linecap="round"/>
  </g>
  <g transform="translate(372 112) rotate(-14) scale(${n(badgeScale)})">
    <path d="${starburst(16, 66, 56)}" fill="#facc15" transform="rotate(${n(22.5 * t)})"/>
    <circle r="50" fill="none" stroke="#0c0a1d" stroke-width="2" stroke-dasharray="3 5"/>
    <g transform="scale(2.35)" fill="none" stroke="#0c0a1d" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round">
      ${strokeWord('NEW', -11.5)}${strokeWord('DROP', 1.5)}
    </g>
  </g>`;
}

// ---------------------------------------------------------------------------------------------
// 3. Morning coffee: a mug on a wooden table in window light, with rising steam, drifting dust
//    in the light beam, a swaying plant and a slow Ken Burns pan and zoom.
// ---------------------------------------------------------------------------------------------
function mugFrame(t: number): string {
  const zoom = 1.04 + 0.06 * pulse(t);
  const panX = 26 * wave(t);
  const panY = 10 * wave(t, 0.25);
  const steam = [0, 1, 2]
    .map((i) => {
      const u = frac(t + i / 3);
      const y = 388 - 90 * u;
      const x = 272 + i * 24;
      const o = 0.55 * Math.sin(Math.PI * u);
      const s = 10 + 6 * u;
      return `<path d="M${x} ${n(y)}q${n(-s)} ${-18} 0 ${-36}t0 ${-36}" fill="none" stroke="#fff" stroke-width="${n(7 - 3 * u)}" stroke-linecap="round" opacity="${n(o)}" filter="url(#steam)"/>`;
    })
    .join('');
  const dust = Array.from({ length: 9 }, (_, i) => {
    const u = frac(t + i / 9);
    const x = 60 + ((i * 53) % 150) + 120 * u;
    const y = 120 + ((i * 97) % 160) + 160 * u;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${1.6 + (i % 3) * 0.6}" fill="#fff" opacity="${n(0.7 * Math.sin(Math.PI * u))}"/>`;
  }).join('');
  const leafSway = 3 * wave(t, 0.4);

  return `
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4e9dc"/><stop offset="1" stop-color="#e6d3bd"/></linearGradient>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6fb"/><stop offset="1" stop-color="#fff1dc"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff7e6" stop-opacity="0.75"/><stop offset="1" stop-color="#fff7e6" stop-opacity="0"/></linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c99669"/><stop offset="1" stop-color="#9b6841"/></linearGradient>
    <linearGradient id="mug" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fbf9ff"/><stop offset="0.35" stop-color="#ffffff"/><stop offset="1" stop-color="#cbc1df"/></linearGradient>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#5b21b6"/></linearGradient>
    <radialGradient id="coffee" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#a8693d"/><stop offset="1" stop-color="#5a3119"/></radialGradient>
    <linearGradient id="pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e08e68"/><stop offset="1" stop-color="#b8603f"/></linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
    <filter id="steam" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>
  </defs>
  <g transform="translate(240 300) scale(${n(zoom)}) translate(${n(-240 + panX)} ${n(-300 + panY)})">
    <rect x="-80" y="-80" width="640" height="500" fill="url(#wall)"/>
    <rect x="-40" y="40" width="230" height="290" rx="6" fill="#fff"/>
    <rect x="-28" y="52" width="206" height="266" fill="url(#sky)"/>
    <path d="M75 52V318M-28 185H178" stroke="#fff" stroke-width="10"/>
    <circle cx="130" cy="110" r="26" fill="#fff8e1" opacity="0.9"/>
    <path d="M-28 52L178 52L560 410L250 450Z" fill="url(#beam)" opacity="0.55"/>
    ${dust}
    <g transform="translate(428 353) scale(0.85)">
      <g transform="rotate(${n(leafSway)})">
        <ellipse cx="-30" cy="-90" rx="18" ry="58" fill="#4f7d4a" transform="rotate(-28 -30 -90)"/>
        <ellipse cx="28" cy="-96" rx="17" ry="60" fill="#6b9b5e" transform="rotate(24 28 -96)"/>
        <ellipse cx="0" cy="-120" rx="16" ry="62" fill="#5d8c52"/>
        <ellipse cx="-48" cy="-50" rx="14" ry="44" fill="#6b9b5e" transform="rotate(-55 -48 -50)"/>
      </g>
      <path d="M-46 -40H46L36 60H-36Z" fill="url(#pot)"/>
      <rect x="-50" y="-46" width="100" height="14" rx="4" fill="#e9a07d"/>
    </g>
    <rect x="-80" y="400" width="640" height="320" fill="url(#wood)"/>
    <rect x="-80" y="400" width="640" height="8" fill="#dcae84"/>
    <path d="M-80 460Q120 448 560 468M-80 530Q200 520 560 542M-80 600Q160 590 560 608M-80 670Q220 660 560 676" stroke="#7a4d2c" stroke-width="2" fill="none" opacity="0.22"/>
    <g transform="translate(30 402)">
      <rect x="-40" y="-24" width="150" height="26" rx="3" fill="#3b5b7a"/>
      <rect x="-34" y="-50" width="136" height="26" rx="3" fill="#e7c76b"/>
      <rect x="-34" y="-26" width="136" height="3" fill="#000" opacity="0.12"/>
    </g>
    <g transform="translate(-66 -46)">
    <ellipse cx="340" cy="520" rx="150" ry="22" fill="#5a3518" opacity="0.35" filter="url(#soft)" transform="skewX(-30) translate(300 0)"/>
    <ellipse cx="300" cy="512" rx="108" ry="20" fill="#f1edf7"/>
    <ellipse cx="300" cy="508" rx="90" ry="14" fill="#fff"/>
    <path d="M368 412Q420 410 420 452Q420 494 368 492" fill="none" stroke="#e6e0f0" stroke-width="16"/>
    <path d="M228 400V480Q228 508 256 508H344Q372 508 372 480V400Z" fill="url(#mug)"/>
    <path d="M228 430H372V452H228Z" fill="url(#band)"/>
    <ellipse cx="300" cy="400" rx="72" ry="15" fill="#f6f3fb"/>
    <ellipse cx="300" cy="402" rx="62" ry="11" fill="url(#coffee)"/>
    <ellipse cx="292" cy="400" rx="18" ry="4" fill="#e8c29a" opacity="0.6"/>
    ${steam}
    </g>
  </g>`;
}

// ---------------------------------------------------------------------------------------------
// 4. A still for the "AI-generated models" card: a flat-illustrated model in a violet tee and
//    sunglasses (no facial detail), framed 4:3 like the card thumbnails.
// ---------------------------------------------------------------------------------------------
const STILL_W = 480;
const STILL_H = 360;

function modelStill(): string {
  return `
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c4b5fd"/><stop offset="1" stop-color="#fbcfe8"/></linearGradient>
    <linearGradient id="tee" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#5b21b6"/></linearGradient>
    <linearGradient id="skin" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#f3c9a8"/><stop offset="1" stop-color="#e3a883"/></linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
  </defs>
  <rect width="${STILL_W}" height="${STILL_H}" fill="url(#bg)"/>
  <circle cx="240" cy="170" r="150" fill="#fff" opacity="0.35"/>
  ${sparkle(84, 70, 14, 0.9)}${sparkle(400, 120, 10, 0.8)}${sparkle(118, 250, 8, 0.7)}
  <g transform="translate(0 -120)">
    <ellipse cx="240" cy="300" rx="90" ry="118" fill="#2b1d16"/>
    <path d="M60 480L72 410Q84 352 170 334L205 322Q240 352 275 322L310 334Q396 352 408 410L420 480Z" fill="url(#tee)"/>
    <rect x="214" y="300" width="52" height="62" rx="22" fill="url(#skin)"/>
    <path d="M205 322Q240 362 275 322" fill="#e3a883"/>
    <ellipse cx="240" cy="352" rx="30" ry="8" fill="#8a4f33" opacity="0.25" filter="url(#soft)"/>
    <ellipse cx="240" cy="262" rx="62" ry="74" fill="url(#skin)"/>
    <path d="M174 262Q176 180 240 178Q306 180 308 262Q288 214 240 210Q200 212 174 262Z" fill="#3a271d"/>
    <rect x="194" y="246" width="40" height="26" rx="11" fill="#15131c"/>
    <rect x="246" y="246" width="40" height="26" rx="11" fill="#15131c"/>
    <path d="M234 256Q240 250 246 256" fill="none" stroke="#15131c" stroke-width="4"/>
    <path d="M202 252H216" stroke="#fff" stroke-opacity="0.5" stroke-width="3" stroke-linecap="round"/>
    <path d="M254 252H268" stroke="#fff" stroke-opacity="0.5" stroke-width="3" stroke-linecap="round"/>
    <ellipse cx="240" cy="306" rx="13" ry="5" fill="#d4626f"/>
    <circle cx="178" cy="290" r="6" fill="#facc15"/>
    <circle cx="302" cy="290" r="6" fill="#facc15"/>
    ${sparkle(240, 420, 22, 1, '#facc15')}
  </g>`;
}

interface Sample {
  name: string;
  frame: (t: number) => string;
}

const samples: Sample[] = [
  { name: 'serum', frame: serumFrame },
  { name: 'sneaker', frame: sneakerFrame },
  { name: 'coffee', frame: mugFrame },
];

function svgDocument(inner: string, width = W, height = H): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${inner}</svg>`,
  );
}

async function renderFrames(sample: Sample): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) {
    frames.push(
      await sharp(svgDocument(sample.frame(i / FRAMES)))
        .removeAlpha()
        .raw()
        .toBuffer(),
    );
  }
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

/** Writes an SVG as WebP, lowering the quality until it fits the poster budget. */
async function writeWebp(svg: Buffer, file: string): Promise<void> {
  for (let quality = 74; quality >= 40; quality -= 6) {
    await sharp(svg).removeAlpha().webp({ quality, effort: 6 }).toFile(file);
    if (statSync(file).size <= MAX_POSTER_BYTES) return;
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const previewFlag = process.argv.indexOf('--preview');
if (previewFlag !== -1) {
  const previewDir = path.resolve(process.argv[previewFlag + 1] ?? 'landing-sample-frames');
  mkdirSync(previewDir, { recursive: true });
  for (const sample of samples) {
    const times = process.argv[previewFlag + 2]?.split(',').map(Number) ?? [0, 0.25, 0.5, 0.75];
    for (const t of times) {
      await sharp(svgDocument(sample.frame(t)))
        .png()
        .toFile(path.join(previewDir, `${sample.name}-${t}.png`));
    }
  }
  await sharp(svgDocument(modelStill(), STILL_W, STILL_H))
    .png()
    .toFile(path.join(previewDir, 'model.png'));
  console.log(`Preview stills written to ${previewDir}`);
  process.exit(0);
}

mkdirSync(outDir, { recursive: true });
for (const sample of samples) {
  const video = path.join(outDir, `${sample.name}.mp4`);
  const poster = path.join(outDir, `${sample.name}.webp`);
  const frames = await renderFrames(sample);
  let crf = 22;
  await encode(frames, video, crf);
  while (statSync(video).size > MAX_VIDEO_BYTES && crf < 34) {
    crf += 2;
    await encode(frames, video, crf);
  }
  await writeWebp(svgDocument(sample.frame(0)), poster);
  console.log(
    `${sample.name}: ${W}x${H}, ${SECONDS}s @ ${FPS} fps, crf ${crf} → ${path.basename(video)} ${kb(statSync(video).size)}, ${path.basename(poster)} ${kb(statSync(poster).size)}`,
  );
}
const still = path.join(outDir, 'model.webp');
await writeWebp(svgDocument(modelStill(), STILL_W, STILL_H), still);
console.log(`model: ${STILL_W}x${STILL_H} still → ${path.basename(still)} ${kb(statSync(still).size)}`);
