import type { DemoHandle } from './catalogue.ts';

/**
 * Each demo product drawn as vector art on a 1200×1200 canvas, lit from the upper left, standing
 * on the floor around y = 900 (photos.ts puts it in the studio). Gradients give the volume,
 * blurred white strokes the speculars, turbulence the leather, canvas and paper.
 */
export interface ProductDrawing {
  defs: string;
  body: string;
  /** Its extent [left, top, right, bottom]: the first photo frames it. */
  bounds: readonly [number, number, number, number];
  /** Where it touches the floor: the contact shadow's centre and half-width. */
  floor: { cx: number; y: number; halfWidth: number };
  /** The second photo's close-up centre. */
  detail: { x: number; y: number };
  /** The second photo's backdrop tint. */
  tint: string;
}

/** Left-to-right shading of a round body: dark rim, lit side, soft core, shade. */
function roundShade(id: string, dark: string, mid: string, light: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="${dark}"/><stop offset="0.14" stop-color="${mid}"/><stop offset="0.3" stop-color="${light}"/>
  <stop offset="0.55" stop-color="${mid}"/><stop offset="0.88" stop-color="${dark}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
}

function vertical(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

function diagonal(id: string, from: string, to: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** A soft specular streak. */
const glint = (x: number, y: number, w: number, h: number, opacity = 0.55) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="#fff" opacity="${opacity}" filter="url(#soft)"/>`;

/** Lines of small print, as bars (no fonts: the photos are the same on every machine). */
function printBars(x: number, y: number, widths: readonly number[], color: string, height = 10, gap = 20): string {
  return widths
    .map((w, i) => `<rect x="${x - w / 2}" y="${y + i * gap}" width="${w}" height="${height}" rx="${height / 2}" fill="${color}"/>`)
    .join('');
}

/** Grain for natural materials: fixed-seed noise blended over the fill. */
const grain = (id: string, frequency: number, strength: number) => `<filter id="${id}" x="0" y="0" width="100%" height="100%">
  <feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="3" seed="7" result="noise"/>
  <feColorMatrix in="noise" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${strength} 0" result="speckle"/>
  <feComposite in="speckle" in2="SourceGraphic" operator="in" result="clipped"/>
  <feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="clipped"/></feMerge></filter>`;

const mug: ProductDrawing = {
  defs: `${roundShade('glaze', '#3f5a4c', '#6f8f7d', '#a9c4b3')}${roundShade('rim', '#5d7a6a', '#9fbaa9', '#d7e6dc')}
  <radialGradient id="coffee" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#5a3620"/><stop offset="1" stop-color="#22130a"/></radialGradient>
  ${vertical('foot', '#d9cbb5', '#b8a68b')}`,
  body: `<path d="M760 600 C900 590 905 800 760 800" fill="none" stroke="#4d6a5b" stroke-width="46" stroke-linecap="round"/>
  <path d="M760 612 C880 604 884 786 760 788" fill="none" stroke="#8fae9c" stroke-width="10" stroke-linecap="round" opacity="0.6"/>
  <path d="M420 540 L420 862 Q420 900 460 900 L740 900 Q780 900 780 862 L780 540 Z" fill="url(#glaze)"/>
  <path d="M424 876 Q424 900 460 900 L740 900 Q776 900 776 876 Z" fill="url(#foot)"/>
  <ellipse cx="600" cy="540" rx="180" ry="36" fill="url(#rim)"/>
  <ellipse cx="600" cy="542" rx="164" ry="28" fill="url(#coffee)"/>
  <ellipse cx="565" cy="538" rx="60" ry="8" fill="#c9a27a" opacity="0.35" filter="url(#soft)"/>
  ${glint(470, 580, 26, 270)}${glint(510, 600, 8, 200, 0.35)}`,
  bounds: [420, 500, 905, 900],
  floor: { cx: 600, y: 900, halfWidth: 200 },
  detail: { x: 600, y: 640 },
  tint: '#e3ece6',
};

const bottle: ProductDrawing = {
  defs: `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9fb9c4" stop-opacity="0.75"/>
  <stop offset="0.25" stop-color="#eef6f9" stop-opacity="0.55"/><stop offset="0.6" stop-color="#c7dbe3" stop-opacity="0.5"/><stop offset="1" stop-color="#8ea8b4" stop-opacity="0.8"/></linearGradient>
  ${roundShade('water', '#7fb2c8', '#a9d2e2', '#d8eef6')}${roundShade('sleeve', '#b84a3a', '#e9705a', '#ff9e86')}${roundShade('steel', '#6d7378', '#b9c0c5', '#f4f6f8')}`,
  body: `<rect x="500" y="430" width="200" height="470" rx="44" fill="url(#glass)" stroke="#8aa3ae" stroke-opacity="0.6" stroke-width="3"/>
  <rect x="506" y="540" width="188" height="354" rx="40" fill="url(#water)" opacity="0.75"/>
  <ellipse cx="600" cy="542" rx="92" ry="10" fill="#e6f5fb" opacity="0.8"/>
  <rect x="496" y="640" width="208" height="170" rx="20" fill="url(#sleeve)"/>
  ${Array.from({ length: 6 }, (_, i) => `<rect x="500" y="${660 + i * 24}" width="200" height="5" fill="#a23d30" opacity="0.35"/>`).join('')}
  <rect x="548" y="392" width="104" height="52" rx="10" fill="url(#glass)" stroke="#8aa3ae" stroke-opacity="0.5" stroke-width="3"/>
  <rect x="536" y="300" width="128" height="104" rx="18" fill="url(#steel)"/>
  <rect x="536" y="386" width="128" height="12" fill="#5c6166" opacity="0.5"/>
  <path d="M574 300 Q600 258 626 300" fill="none" stroke="#9aa1a6" stroke-width="14"/>
  ${glint(522, 450, 18, 420, 0.7)}${glint(668, 470, 8, 380, 0.4)}${glint(560, 312, 12, 70, 0.6)}`,
  bounds: [496, 258, 704, 900],
  floor: { cx: 600, y: 900, halfWidth: 108 },
  detail: { x: 600, y: 480 },
  tint: '#f6e6e1',
};

const sneaker: ProductDrawing = {
  defs: `${vertical('upper', '#ff7a45', '#d9481c')}${vertical('sole', '#ffffff', '#dcdcdc')}${vertical('tread', '#3a3a3a', '#1d1d1d')}
  ${vertical('collar', '#2f2f35', '#1b1b20')}${vertical('mesh', '#ff9a6b', '#f06a35')}`,
  body: `<path d="M248 860 Q246 906 300 906 L905 906 Q968 906 962 856 Z" fill="url(#tread)"/>
  <path d="M246 800 L250 862 Q252 884 292 884 L910 884 Q960 884 962 838 L958 800 Z" fill="url(#sole)"/>
  <path d="M262 842 Q600 862 948 836" fill="none" stroke="#c8c8c8" stroke-width="4"/>
  <path d="M268 806 L262 640 C262 590 292 556 336 556 C376 556 398 604 452 604 C492 604 512 548 540 520 L584 512 C628 540 708 618 790 684 C858 732 940 752 956 806 Z" fill="url(#upper)"/>
  <path d="M584 512 C628 540 708 618 790 684 C858 732 940 752 956 806 L700 806 C690 720 650 640 560 560 Z" fill="url(#mesh)" opacity="0.55"/>
  <path d="M268 806 L264 660 C290 640 330 650 360 700 C380 740 384 780 380 806 Z" fill="#c23c15" opacity="0.7"/>
  <path d="M262 640 C262 590 292 556 336 556 C376 556 398 604 452 604 C470 604 484 596 496 584 C470 626 430 640 390 630 C350 620 320 600 290 640 Z" fill="url(#collar)"/>
  <path d="M360 780 C470 760 600 700 690 640 C640 720 560 770 420 800 Z" fill="#fff" opacity="0.92"/>
  <path d="M830 730 C880 744 930 770 952 806 L860 806 C850 780 840 756 830 730 Z" fill="#c23c15" opacity="0.65"/>
  ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${560 + i * 44}" cy="${560 + i * 34}" r="7" fill="#3a1a0c"/><circle cx="${600 + i * 44}" cy="${540 + i * 34}" r="7" fill="#3a1a0c"/>`).join('')}
  ${[0, 1, 2, 3, 4].map((i) => `<path d="M${558 + i * 44} ${560 + i * 34} L${602 + i * 44} ${540 + i * 34}" stroke="#f7f4ee" stroke-width="9" stroke-linecap="round"/>`).join('')}
  <path d="M540 520 L584 512 L600 560 L556 568 Z" fill="#2b2b30"/>
  <path d="M600 548 C680 600 760 660 820 700" fill="none" stroke="#fff" stroke-width="8" opacity="0.35" filter="url(#soft)"/>`,
  bounds: [246, 512, 962, 906],
  floor: { cx: 605, y: 904, halfWidth: 370 },
  detail: { x: 660, y: 650 },
  tint: '#f2e6dc',
};

const wallet: ProductDrawing = {
  defs: `${diagonal('leather', '#9a5a2e', '#5e3216')}${diagonal('card', '#2d6fb8', '#16407a')}${grain('hide', 0.9, 0.22)}
  ${vertical('edge', '#4a250f', '#2e1608')}`,
  body: `<rect x="420" y="430" width="330" height="210" rx="14" fill="url(#card)" transform="rotate(-6 585 535)"/>
  <rect x="450" y="470" width="70" height="50" rx="8" fill="#e3c46b" transform="rotate(-6 585 535)"/>
  ${printBars(640, 470, [110, 80], '#9fc3ea', 10, 22)}
  <rect x="360" y="500" width="480" height="400" rx="30" fill="url(#edge)"/>
  <rect x="360" y="490" width="480" height="396" rx="30" fill="url(#leather)" filter="url(#hide)"/>
  <rect x="380" y="510" width="440" height="356" rx="20" fill="none" stroke="#e6c096" stroke-width="3" stroke-dasharray="12 8" opacity="0.85"/>
  <path d="M360 600 Q600 630 840 600 L840 590 Q600 618 360 590 Z" fill="#3e1d0a" opacity="0.45"/>
  <circle cx="600" cy="760" r="36" fill="none" stroke="#4a240f" stroke-width="6" opacity="0.6"/>
  <circle cx="600" cy="760" r="22" fill="#4a240f" opacity="0.35"/>
  ${glint(400, 520, 260, 16, 0.25)}`,
  bounds: [360, 420, 840, 900],
  floor: { cx: 600, y: 900, halfWidth: 250 },
  detail: { x: 600, y: 700 },
  tint: '#efe4d8',
};

const watch: ProductDrawing = {
  defs: `${roundShade('strap', '#8a5a2b', '#c48a4f', '#e0ac72')}${roundShade('steel', '#7c848b', '#c9cfd4', '#f7f9fa')}
  <radialGradient id="dial" cx="0.4" cy="0.35" r="0.75"><stop offset="0" stop-color="#2b4a7a"/><stop offset="1" stop-color="#0f1f3d"/></radialGradient>
  <radialGradient id="bezel" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#b9c0c6"/><stop offset="1" stop-color="#6f777e"/></radialGradient>`,
  body: `<path d="M530 240 L670 240 L660 480 L540 480 Z" fill="url(#strap)"/>
  <path d="M540 720 L660 720 L672 900 L528 900 Z" fill="url(#strap)"/>
  ${[0, 1, 2].map((i) => `<ellipse cx="600" cy="${790 + i * 38}" rx="9" ry="6" fill="#5a3818"/>`).join('')}
  <rect x="522" y="820" width="156" height="26" rx="6" fill="none" stroke="#b9c0c6" stroke-width="8"/>
  <line x1="538" y1="260" x2="546" y2="470" stroke="#f0d4b0" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>
  <line x1="662" y1="260" x2="654" y2="470" stroke="#f0d4b0" stroke-width="3" stroke-dasharray="10 8" opacity="0.7"/>
  <rect x="536" y="440" width="128" height="60" rx="14" fill="url(#steel)"/><rect x="536" y="700" width="128" height="60" rx="14" fill="url(#steel)"/>
  <rect x="750" y="580" width="34" height="44" rx="8" fill="url(#steel)"/>
  <circle cx="600" cy="600" r="168" fill="url(#bezel)"/>
  <circle cx="600" cy="600" r="150" fill="#8b9399"/>
  <circle cx="600" cy="600" r="142" fill="url(#dial)"/>
  ${Array.from({ length: 12 }, (_, i) => `<rect x="596" y="472" width="8" height="${i % 3 === 0 ? 34 : 20}" rx="3" fill="#f1f1ea" transform="rotate(${i * 30} 600 600)"/>`).join('')}
  <rect x="594" y="510" width="12" height="100" rx="6" fill="#f1f1ea" transform="rotate(-50 600 600)"/>
  <rect x="596" y="480" width="8" height="130" rx="4" fill="#f1f1ea" transform="rotate(62 600 600)"/>
  <rect x="598" y="470" width="4" height="150" rx="2" fill="#ff8a3d" transform="rotate(170 600 600)"/>
  <circle cx="600" cy="600" r="11" fill="#d8dde1"/>
  <path d="M480 540 A136 136 0 0 1 640 466 A150 150 0 0 0 480 540 Z" fill="#fff" opacity="0.28"/>
  <path d="M468 560 A142 142 0 0 1 600 458" fill="none" stroke="#fff" stroke-width="10" opacity="0.3" filter="url(#soft)"/>`,
  bounds: [522, 240, 784, 900],
  floor: { cx: 600, y: 900, halfWidth: 84 },
  detail: { x: 600, y: 600 },
  tint: '#e1e6ee',
};

const candle: ProductDrawing = {
  defs: `<linearGradient id="jar" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5a2a08"/><stop offset="0.16" stop-color="#a8591c"/>
  <stop offset="0.32" stop-color="#e69b48"/><stop offset="0.58" stop-color="#b8661f"/><stop offset="1" stop-color="#4d2406"/></linearGradient>
  <radialGradient id="wax" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#fff6e6"/><stop offset="1" stop-color="#e8d5b5"/></radialGradient>
  <radialGradient id="flame" cx="0.5" cy="0.7" r="0.6"><stop offset="0" stop-color="#fffbe0"/><stop offset="0.5" stop-color="#ffd36b"/><stop offset="1" stop-color="#ff8a1e"/></radialGradient>
  <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffd27a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient>
  ${vertical('label', '#f7f2e8', '#e9e0cf')}`,
  body: `<circle cx="600" cy="500" r="160" fill="url(#glow)"/>
  <path d="M440 580 L440 868 Q440 900 476 900 L724 900 Q760 900 760 868 L760 580 Z" fill="url(#jar)"/>
  <ellipse cx="600" cy="580" rx="160" ry="30" fill="#8d4a16"/>
  <ellipse cx="600" cy="592" rx="148" ry="24" fill="url(#wax)"/>
  <path d="M600 590 Q598 560 604 548" stroke="#2a1a10" stroke-width="5" fill="none"/>
  <path d="M604 470 C626 510 626 540 604 552 C582 540 582 510 604 470 Z" fill="url(#flame)"/>
  <rect x="440" y="690" width="320" height="120" fill="url(#label)"/>
  <rect x="440" y="690" width="320" height="120" fill="none" stroke="#c9b99a" stroke-width="2"/>
  <circle cx="600" cy="722" r="16" fill="none" stroke="#6b4a2b" stroke-width="4"/>
  ${printBars(600, 752, [150, 96], '#6b4a2b', 9, 22)}
  ${glint(468, 600, 22, 260, 0.45)}${glint(724, 610, 8, 240, 0.25)}`,
  bounds: [440, 340, 760, 900],
  floor: { cx: 600, y: 900, halfWidth: 168 },
  detail: { x: 600, y: 660 },
  tint: '#f3e7d6',
};

const serum: ProductDrawing = {
  defs: `<linearGradient id="amber" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#4a2104"/><stop offset="0.18" stop-color="#94500f"/>
  <stop offset="0.34" stop-color="#d88b2f"/><stop offset="0.6" stop-color="#9c5510"/><stop offset="1" stop-color="#3f1c03"/></linearGradient>
  ${roundShade('rubber', '#0c0c0e', '#2d2d33', '#5a5a63')}${roundShade('collar', '#111114', '#34343b', '#6a6a73')}${vertical('label', '#fbfaf6', '#ecebe4')}`,
  body: `<path d="M514 620 Q514 560 570 552 L630 552 Q686 560 686 620 L686 872 Q686 900 658 900 L542 900 Q514 900 514 872 Z" fill="url(#amber)"/>
  <rect x="560" y="488" width="80" height="72" rx="8" fill="url(#collar)"/>
  ${Array.from({ length: 7 }, (_, i) => `<rect x="${566 + i * 11}" y="494" width="4" height="60" fill="#000" opacity="0.35"/>`).join('')}
  <path d="M566 490 L566 360 Q566 318 600 318 Q634 318 634 360 L634 490 Z" fill="url(#rubber)"/>
  <rect x="520" y="680" width="160" height="150" rx="4" fill="url(#label)"/>
  <rect x="548" y="700" width="104" height="14" rx="3" fill="#d2691e"/>
  ${printBars(600, 734, [112, 84, 96, 60], '#3d3d3d', 8, 20)}
  ${glint(534, 580, 16, 280, 0.5)}${glint(578, 334, 10, 130, 0.35)}`,
  bounds: [514, 318, 686, 900],
  floor: { cx: 600, y: 900, halfWidth: 96 },
  detail: { x: 600, y: 700 },
  tint: '#f4e9dc',
};

const headphones: ProductDrawing = {
  defs: `${roundShade('cup', '#1c1d21', '#3b3d44', '#6d707a')}${roundShade('cushion', '#141518', '#2b2c31', '#4a4c54')}${vertical('band', '#4a4c54', '#1f2024')}`,
  body: `<path d="M412 660 C404 360 796 360 788 660" fill="none" stroke="url(#band)" stroke-width="46" stroke-linecap="round"/>
  <path d="M440 640 C436 404 764 404 760 640" fill="none" stroke="#8a8c93" stroke-width="10" stroke-linecap="round" opacity="0.5"/>
  <path d="M430 470 C480 410 720 410 770 470" fill="none" stroke="#fff" stroke-width="8" opacity="0.25" filter="url(#soft)"/>
  <rect x="394" y="600" width="36" height="90" rx="12" fill="#9a9ca3"/><rect x="770" y="600" width="36" height="90" rx="12" fill="#9a9ca3"/>
  <rect x="330" y="640" width="130" height="250" rx="62" fill="url(#cup)"/>
  <rect x="440" y="656" width="56" height="218" rx="28" fill="url(#cushion)"/>
  <rect x="740" y="640" width="130" height="250" rx="62" fill="url(#cup)"/>
  <rect x="704" y="656" width="56" height="218" rx="28" fill="url(#cushion)"/>
  <circle cx="395" cy="840" r="6" fill="#6ee7a8"/>
  ${glint(350, 670, 18, 170, 0.4)}${glint(760, 670, 18, 170, 0.4)}`,
  bounds: [330, 420, 870, 890],
  floor: { cx: 600, y: 890, halfWidth: 280 },
  detail: { x: 520, y: 620 },
  tint: '#e4e6ea',
};

const backpack: ProductDrawing = {
  defs: `${roundShade('canvas', '#4d5530', '#737d48', '#99a46a')}${roundShade('pocket', '#454c2a', '#676f40', '#8a955d')}${grain('weave', 1.4, 0.25)}
  ${vertical('patch', '#a5683a', '#7a4520')}`,
  body: `<path d="M560 370 C560 300 640 300 640 370" fill="none" stroke="#6e4524" stroke-width="22" stroke-linecap="round"/>
  <path d="M420 900 L420 520 C420 410 500 370 600 370 C700 370 780 410 780 520 L780 900 Q780 924 756 924 L444 924 Q420 924 420 900 Z" fill="url(#canvas)" filter="url(#weave)"/>
  <path d="M430 500 C440 430 510 396 600 396 C690 396 760 430 770 500" fill="none" stroke="#2f3419" stroke-width="5" stroke-dasharray="2 0"/>
  <path d="M436 506 C446 440 512 408 600 408 C688 408 754 440 764 506" fill="none" stroke="#c9b88a" stroke-width="3" stroke-dasharray="9 7"/>
  <rect x="460" y="640" width="280" height="250" rx="40" fill="url(#pocket)" filter="url(#weave)"/>
  <rect x="474" y="654" width="252" height="222" rx="30" fill="none" stroke="#c9b88a" stroke-width="3" stroke-dasharray="9 7"/>
  <path d="M470 690 L730 690" stroke="#2a2e16" stroke-width="6"/>
  <rect x="690" y="682" width="16" height="40" rx="4" fill="#c0a066"/>
  <rect x="560" y="520" width="80" height="56" rx="8" fill="url(#patch)"/>
  <rect x="566" y="526" width="68" height="44" rx="5" fill="none" stroke="#e7c9a0" stroke-width="2" stroke-dasharray="5 4"/>
  <rect x="520" y="740" width="22" height="120" rx="6" fill="#6e4524"/><rect x="658" y="740" width="22" height="120" rx="6" fill="#6e4524"/>
  <rect x="514" y="790" width="34" height="22" rx="4" fill="none" stroke="#c0a066" stroke-width="5"/><rect x="652" y="790" width="34" height="22" rx="4" fill="none" stroke="#c0a066" stroke-width="5"/>
  ${glint(448, 470, 22, 360, 0.25)}`,
  bounds: [420, 300, 780, 924],
  floor: { cx: 600, y: 922, halfWidth: 200 },
  detail: { x: 600, y: 720 },
  tint: '#e7e8dc',
};

const sunglasses: ProductDrawing = {
  defs: `<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2a2e"/><stop offset="0.6" stop-color="#3d4f4a"/><stop offset="1" stop-color="#7a6f55"/></linearGradient>
  ${vertical('frame', '#2a2a2e', '#0c0c0e')}`,
  body: `<path d="M268 640 L236 800" stroke="#151517" stroke-width="18" stroke-linecap="round"/>
  <path d="M932 640 L964 800" stroke="#151517" stroke-width="18" stroke-linecap="round"/>
  <path d="M256 600 Q256 570 300 568 L530 566 Q566 566 566 600 L560 690 Q550 790 440 792 L360 792 Q280 790 266 700 Z" fill="url(#frame)"/>
  <path d="M944 600 Q944 570 900 568 L670 566 Q634 566 634 600 L640 690 Q650 790 760 792 L840 792 Q920 790 934 700 Z" fill="url(#frame)"/>
  <path d="M566 600 Q600 580 634 600 L634 616 Q600 598 566 616 Z" fill="#1a1a1d"/>
  <path d="M282 604 Q284 590 306 590 L524 588 Q544 588 542 610 L536 690 Q528 766 438 768 L362 768 Q296 766 290 696 Z" fill="url(#lens)"/>
  <path d="M918 604 Q916 590 894 590 L676 588 Q656 588 658 610 L664 690 Q672 766 762 768 L838 768 Q904 766 910 696 Z" fill="url(#lens)"/>
  <path d="M310 610 L400 610 L330 730 Z" fill="#fff" opacity="0.16"/><path d="M690 610 L780 610 L710 730 Z" fill="#fff" opacity="0.16"/>
  <path d="M270 584 Q400 574 540 580" fill="none" stroke="#fff" stroke-width="5" opacity="0.35" filter="url(#soft)"/>
  <path d="M660 580 Q800 574 930 584" fill="none" stroke="#fff" stroke-width="5" opacity="0.35" filter="url(#soft)"/>
  <circle cx="282" cy="600" r="5" fill="#c9cdd1"/><circle cx="918" cy="600" r="5" fill="#c9cdd1"/>`,
  bounds: [236, 566, 964, 800],
  floor: { cx: 600, y: 800, halfWidth: 370 },
  detail: { x: 420, y: 680 },
  tint: '#f1ece0',
};

const coffee: ProductDrawing = {
  defs: `<linearGradient id="kraft" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8c6a45"/><stop offset="0.2" stop-color="#c49f74"/>
  <stop offset="0.4" stop-color="#d8b68b"/><stop offset="0.7" stop-color="#b38d62"/><stop offset="1" stop-color="#7a5a38"/></linearGradient>${grain('paper', 0.7, 0.3)}
  ${vertical('blackLabel', '#2a2623', '#141210')}`,
  body: `<path d="M446 430 L754 430 L766 868 Q600 912 434 868 Z" fill="url(#kraft)" filter="url(#paper)"/>
  <rect x="446" y="400" width="308" height="46" fill="url(#kraft)" filter="url(#paper)"/>
  ${Array.from({ length: 30 }, (_, i) => `<rect x="${448 + i * 10.2}" y="404" width="3" height="38" fill="#7a5a38" opacity="0.45"/>`).join('')}
  <path d="M450 470 L750 470" stroke="#8c6a45" stroke-width="3" opacity="0.6"/>
  <rect x="486" y="560" width="228" height="230" rx="10" fill="url(#blackLabel)"/>
  <circle cx="600" cy="622" r="34" fill="none" stroke="#e9d7b8" stroke-width="4"/>
  <path d="M590 606 Q612 622 590 640 M606 604 Q586 622 608 640" fill="none" stroke="#e9d7b8" stroke-width="4"/>
  ${printBars(600, 680, [150, 110], '#e9d7b8', 12, 26)}${printBars(600, 742, [90, 70], '#c9a36a', 7, 16)}
  <circle cx="700" cy="506" r="14" fill="#5e4630"/><circle cx="700" cy="506" r="6" fill="#2a1f15"/>
  ${glint(476, 480, 20, 360, 0.3)}`,
  bounds: [434, 400, 766, 900],
  floor: { cx: 600, y: 888, halfWidth: 172 },
  detail: { x: 600, y: 660 },
  tint: '#efe6da',
};

const plant: ProductDrawing = {
  defs: `${roundShade('clay', '#8e4422', '#c8673a', '#e59066')}${roundShade('clayRim', '#9c4b26', '#d4764a', '#f0a27c')}
  <linearGradient id="leaf" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#24512c"/><stop offset="0.5" stop-color="#3f7f45"/><stop offset="1" stop-color="#1d4324"/></linearGradient>
  <linearGradient id="leafEdge" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c9c25a"/><stop offset="1" stop-color="#a9a53e"/></linearGradient>
  <radialGradient id="soil" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#4a3526"/><stop offset="1" stop-color="#2b1e14"/></radialGradient>`,
  body: `${[
    [-70, -14, 300, 60],
    [-20, -4, 390, 66],
    [30, 6, 350, 62],
    [80, 16, 280, 56],
    [5, -22, 250, 52],
  ]
    .map(
      ([dx, angle, height, width]) =>
        `<g transform="rotate(${angle} ${600 + dx!} 700)"><path d="M${600 + dx! - width! / 2} 700 C${600 + dx! - width! / 2} ${700 - height! * 0.6} ${600 + dx! - 8} ${700 - height! * 0.9} ${600 + dx!} ${700 - height!} C${600 + dx! + 8} ${700 - height! * 0.9} ${600 + dx! + width! / 2} ${700 - height! * 0.6} ${600 + dx! + width! / 2} 700 Z" fill="url(#leafEdge)"/>
  <path d="M${600 + dx! - width! / 2 + 7} 700 C${600 + dx! - width! / 2 + 7} ${700 - height! * 0.6} ${600 + dx! - 6} ${700 - height! * 0.86} ${600 + dx!} ${700 - height! + 14} C${600 + dx! + 6} ${700 - height! * 0.86} ${600 + dx! + width! / 2 - 7} ${700 - height! * 0.6} ${600 + dx! + width! / 2 - 7} 700 Z" fill="url(#leaf)"/>
  ${[0.25, 0.45, 0.65].map((f) => `<path d="M${600 + dx! - width! / 2 + 10} ${700 - height! * f} Q${600 + dx!} ${700 - height! * f - 14} ${600 + dx! + width! / 2 - 10} ${700 - height! * f}" fill="none" stroke="#9bc48a" stroke-width="5" opacity="0.45"/>`).join('')}</g>`,
    )
    .join('')}
  <path d="M470 700 L730 700 L702 882 Q700 900 680 900 L520 900 Q500 900 498 882 Z" fill="url(#clay)"/>
  <rect x="452" y="668" width="296" height="56" rx="8" fill="url(#clayRim)"/>
  <ellipse cx="600" cy="672" rx="136" ry="10" fill="url(#soil)"/>
  ${glint(486, 730, 18, 140, 0.3)}${glint(476, 678, 120, 10, 0.3)}`,
  bounds: [452, 300, 748, 900],
  floor: { cx: 600, y: 900, halfWidth: 110 },
  detail: { x: 600, y: 560 },
  tint: '#e5ebdf',
};

const lipstick: ProductDrawing = {
  defs: `${roundShade('gold', '#8a6a22', '#d4af5a', '#fff1c4')}${roundShade('bullet', '#7a0f14', '#c92a2a', '#ff6b6b')}${roundShade('cap', '#050506', '#1e1e22', '#4a4a52')}
  <linearGradient id="capSide" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4a52"/><stop offset="0.3" stop-color="#1e1e22"/><stop offset="1" stop-color="#050506"/></linearGradient>`,
  body: `<path d="M562 570 L562 428 Q562 414 576 408 L638 380 L638 570 Z" fill="url(#bullet)"/>
  <path d="M574 560 L574 440 L590 432 L590 560 Z" fill="#fff" opacity="0.22"/>
  <rect x="552" y="560" width="96" height="90" rx="4" fill="url(#gold)"/>
  <rect x="536" y="640" width="128" height="260" rx="10" fill="url(#gold)"/>
  <rect x="536" y="640" width="128" height="14" fill="#7a5c1c" opacity="0.5"/>
  <rect x="536" y="860" width="128" height="6" fill="#7a5c1c" opacity="0.4"/>
  <rect x="700" y="782" width="250" height="118" rx="14" fill="url(#capSide)"/>
  <rect x="700" y="782" width="34" height="118" rx="8" fill="#d4af5a"/>
  ${glint(556, 660, 16, 220, 0.55)}<rect x="720" y="796" width="210" height="10" rx="5" fill="#fff" opacity="0.3" filter="url(#soft)"/>`,
  bounds: [536, 380, 950, 900],
  floor: { cx: 700, y: 900, halfWidth: 260 },
  detail: { x: 600, y: 560 },
  tint: '#f4e3e1',
};

export const productDrawings: Record<DemoHandle, ProductDrawing> = {
  'stoneware-mug': mug,
  'glass-water-bottle': bottle,
  'trail-running-sneaker': sneaker,
  'leather-bifold-wallet': wallet,
  'field-wristwatch': watch,
  'amber-scented-candle': candle,
  'vitamin-c-serum': serum,
  'wireless-headphones': headphones,
  'canvas-backpack': backpack,
  'classic-sunglasses': sunglasses,
  'house-blend-coffee': coffee,
  'terracotta-plant-pot': plant,
  'satin-lipstick': lipstick,
};
