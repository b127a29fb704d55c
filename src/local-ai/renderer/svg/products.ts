/**
 * Stylised product silhouettes. Each is drawn in its own units with the origin at the middle of
 * its base and y growing downwards (so everything sits at negative y), about 100 units tall.
 */
import { darken, hex, lighten, luminance, mix, type Rgb } from '../colour.ts';
import type { ObjectName } from '../prompt-cues.ts';
import { DRESS } from './figure.ts';
import { linear, n, radial, type SvgDefs } from './svg-kit.ts';

export interface ProductStyle {
  defs: SvgDefs;
  body: Rgb;
  detail: Rgb;
  metal: Rgb;
  light: Rgb;
  lightFromLeft: boolean;
  /** The product's name, printed on the neutral form's label. */
  label?: string | null;
}

export interface ProductArt {
  /** Size in product units; the art spans x ∈ [-width/2, width/2], y ∈ [-height, 0]. */
  width: number;
  height: number;
  markup: string;
}

type Draw = (s: ProductStyle) => string;

/** Horizontal shading of a round body lit from one side. */
function cylinder(s: ProductStyle, base: Rgb, strength = 1): string {
  const hl = s.lightFromLeft ? 0.3 : 0.7;
  const edgeNear = darken(base, 0.18 * strength);
  const edgeFar = darken(base, 0.42 * strength);
  return linear(
    s.defs,
    [
      [0, hex(s.lightFromLeft ? edgeNear : edgeFar)],
      [hl - 0.16, hex(base)],
      [hl, hex(lighten(mix(base, s.light, 0.3), 0.38 * strength))],
      [hl + 0.16, hex(base)],
      [1, hex(s.lightFromLeft ? edgeFar : edgeNear)],
    ],
    { x2: 1, y2: 0 },
  );
}

/** Brushed metal: more, sharper bands than a painted surface. */
function metal(s: ProductStyle, base: Rgb): string {
  const a = s.lightFromLeft ? 0.22 : 0.78;
  return linear(
    s.defs,
    [
      [0, hex(darken(base, 0.45))],
      [a - 0.1, hex(lighten(base, 0.35))],
      [a, hex(lighten(base, 0.65))],
      [a + 0.12, hex(base)],
      [0.55, hex(darken(base, 0.15))],
      [0.85, hex(lighten(base, 0.2))],
      [1, hex(darken(base, 0.5))],
    ],
    { x2: 1, y2: 0 },
  );
}

/** Top-to-bottom shading for flat-fronted shapes. */
function vertical(s: ProductStyle, base: Rgb, amount = 0.25): string {
  return linear(s.defs, [
    [0, hex(lighten(mix(base, s.light, 0.3), amount))],
    [0.55, hex(base)],
    [1, hex(darken(base, amount + 0.1))],
  ]);
}

/** A soft vertical highlight strip on the lit side of a body spanning [x0, x1]. */
function sheen(s: ProductStyle, x0: number, x1: number, y: number, h: number, opacity = 0.55): string {
  const w = (x1 - x0) * 0.11;
  const x = s.lightFromLeft ? x0 + (x1 - x0) * 0.2 : x1 - (x1 - x0) * 0.2 - w;
  const fill = linear(s.defs, [
    [0, '#ffffff', 0],
    [0.25, '#ffffff', opacity],
    [0.8, '#ffffff', opacity * 0.5],
    [1, '#ffffff', 0],
  ]);
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(w / 2)}" fill="${fill}"/>`;
}

const contrastLine = (c: Rgb) => (luminance(c) > 0.55 ? hex(darken(c, 0.55)) : hex(lighten(c, 0.7)));

const bottle: Draw = (s) => {
  const body = `M-19 -5Q-19 0 -14 0L14 0Q19 0 19 -5L19 -58C19 -69 7 -71 7 -78L7 -86L-7 -86L-7 -78C-7 -71 -19 -69 -19 -58Z`;
  return [
    `<path d="${body}" fill="${cylinder(s, s.body)}"/>`,
    `<rect x="-19" y="-46" width="38" height="26" fill="${cylinder(s, s.detail, 0.7)}"/>`,
    `<rect x="-12" y="-36" width="24" height="3" rx="1.5" fill="${contrastLine(s.detail)}" opacity="0.55"/>`,
    `<rect x="-8" y="-30" width="16" height="2" rx="1" fill="${contrastLine(s.detail)}" opacity="0.4"/>`,
    `<rect x="-8.5" y="-100" width="17" height="15" rx="2.5" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-9.5" y="-87" width="19" height="3" rx="1.5" fill="${hex(darken(s.metal, 0.3))}"/>`,
    sheen(s, -19, 19, -66, 58),
  ].join('');
};

const perfume: Draw = (s) => {
  const glass = mix(s.body, s.light, 0.15);
  const liquidTop = -40;
  return [
    `<rect x="-30" y="-60" width="60" height="60" rx="9" fill="${cylinder(s, glass, 0.8)}" opacity="0.92"/>`,
    `<rect x="-25" y="${liquidTop}" width="50" height="${-liquidTop - 5}" rx="5" fill="${hex(darken(s.body, 0.22))}" opacity="0.55"/>`,
    `<rect x="-25" y="${liquidTop}" width="50" height="3" rx="1.5" fill="#ffffff" opacity="0.35"/>`,
    `<rect x="-30" y="-60" width="60" height="60" rx="9" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.6"/>`,
    `<rect x="-16" y="-30" width="32" height="12" rx="1" fill="${hex(lighten(s.body, 0.85))}" opacity="0.85"/>`,
    `<rect x="-10" y="-25.5" width="20" height="2" rx="1" fill="${hex(darken(s.body, 0.5))}" opacity="0.7"/>`,
    `<rect x="-6" y="-67" width="12" height="8" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-14" y="-94" width="28" height="28" rx="3" fill="${metal(s, s.metal)}"/>`,
    `<path d="M-14 -80L14 -94L14 -90L-14 -76Z" fill="#ffffff" opacity="0.18"/>`,
    sheen(s, -30, 30, -56, 50, 0.7),
  ].join('');
};

const sneaker: Draw = (s) => {
  const sole = lighten(s.detail, 0.88);
  const upper =
    'M-84 -22C-87 -40 -84 -56 -76 -62C-70 -66 -62 -62 -56 -57C-48 -52 -40 -54 -34 -60L-26 -72C-22 -76 -14 -76 -12 -70C-2 -50 30 -38 58 -32C78 -28 88 -24 86 -20Z';
  const laces = [
    [-16, -62],
    [-7, -55],
    [3, -48.5],
    [14, -43],
    [25, -38.5],
  ]
    .map(
      ([x = 0, y = 0]) =>
        `<path d="M${n(x - 3)} ${n(y + 4)}L${n(x + 3)} ${n(y - 4)}" stroke="${hex(sole)}" stroke-width="2.8" stroke-linecap="round"/>`,
    )
    .join('');
  return [
    `<path d="${upper}" fill="${vertical(s, s.body, 0.3)}"/>`,
    `<path d="M-84 -22C-87 -40 -84 -56 -76 -62C-72 -64 -68 -63 -64 -60C-70 -48 -70 -34 -66 -22Z" fill="${hex(darken(s.body, 0.22))}"/>`,
    `<path d="M58 -32C78 -28 88 -24 86 -20L50 -20C50 -26 53 -30 58 -32Z" fill="${hex(lighten(s.body, 0.12))}"/>`,
    `<path d="M-62 -24C-30 -28 0 -40 32 -52C14 -36 -16 -26 -40 -21Z" fill="${hex(s.detail)}"/>`,
    `<path d="M-22 -66C-8 -50 18 -40 42 -34L40 -29C14 -35 -12 -45 -27 -60Z" fill="${hex(darken(s.body, 0.18))}"/>`,
    laces,
    `<path d="M-79 -66L-73 -66L-73 -58L-79 -58Z" fill="${hex(s.detail)}"/>`,
    `<path d="M-12 -70C-2 -50 30 -38 58 -32" fill="none" stroke="#ffffff" stroke-opacity="0.28" stroke-width="2" stroke-linecap="round"/>`,
    `<path d="M-86 -10L88 -10Q91 -16 84 -21L-84 -23Q-89 -20 -86 -10Z" fill="${hex(sole)}"/>`,
    `<path d="M-80 -15L84 -15" stroke="${hex(darken(sole, 0.25))}" stroke-width="1.2" stroke-dasharray="5 3"/>`,
    `<path d="M-86 -10L88 -10L88 -6Q87 0 78 0L-80 0Q-86 0 -86 -5Z" fill="${hex(darken(s.detail, 0.45))}"/>`,
  ].join('');
};

const mug: Draw = (s) => {
  const steam = [-10, 4]
    .map(
      (x, i) =>
        `<path d="M${x} -80C${x - 7} -88 ${x + 7} -94 ${x} -102C${x - 6} -108 ${x + 4} -114 ${x + 1} -120" fill="none" stroke="#ffffff" stroke-width="${3 - i * 0.6}" stroke-linecap="round" opacity="${0.5 - i * 0.12}"/>`,
    )
    .join('');
  return [
    `<path d="M24 -58C48 -58 48 -22 24 -22" fill="none" stroke="${hex(darken(s.body, 0.15))}" stroke-width="8"/>`,
    `<path d="M-30 -72L30 -72L30 -7Q30 0 22 0L-22 0Q-30 0 -30 -7Z" fill="${cylinder(s, s.body)}"/>`,
    `<ellipse cx="0" cy="-72" rx="30" ry="6" fill="${hex(lighten(s.body, 0.2))}"/>`,
    `<ellipse cx="0" cy="-71.5" rx="26" ry="4.5" fill="#5a3622"/>`,
    `<ellipse cx="-4" cy="-72" rx="10" ry="2" fill="#b07a50" opacity="0.7"/>`,
    `<rect x="-30" y="-44" width="60" height="14" fill="${hex(s.detail)}" opacity="0.8"/>`,
    sheen(s, -30, 30, -66, 60),
    steam,
  ].join('');
};

const watch: Draw = (s) => {
  const ticks = Array.from({ length: 12 }, (_, i) => {
    const a = (i / 12) * Math.PI * 2;
    const r1 = i % 3 === 0 ? 17 : 19;
    return `<line x1="${n(Math.sin(a) * r1)}" y1="${n(-56 - Math.cos(a) * r1)}" x2="${n(Math.sin(a) * 21)}" y2="${n(-56 - Math.cos(a) * 21)}" stroke="${hex(lighten(s.detail, 0.8))}" stroke-width="${i % 3 === 0 ? 2.2 : 1.2}"/>`;
  }).join('');
  const face = luminance(s.body) > 0.7 ? darken(s.body, 0.75) : darken(s.body, 0.35);
  return [
    `<rect x="-15" y="-112" width="30" height="40" rx="6" fill="${vertical(s, s.body)}"/>`,
    `<rect x="-15" y="-40" width="30" height="40" rx="6" fill="${vertical(s, darken(s.body, 0.1))}"/>`,
    `<rect x="27" y="-60" width="6" height="8" rx="2" fill="${metal(s, s.metal)}"/>`,
    `<circle cx="0" cy="-56" r="29" fill="${metal(s, s.metal)}"/>`,
    `<circle cx="0" cy="-56" r="24" fill="${radial(s.defs, [hex(lighten(face, 0.2)), hex(face)])}"/>`,
    ticks,
    `<line x1="0" y1="-56" x2="9" y2="-66" stroke="${hex(lighten(s.detail, 0.85))}" stroke-width="2.6" stroke-linecap="round"/>`,
    `<line x1="0" y1="-56" x2="-4" y2="-75" stroke="${hex(lighten(s.detail, 0.85))}" stroke-width="1.8" stroke-linecap="round"/>`,
    `<circle cx="0" cy="-56" r="2.2" fill="${hex(s.metal)}"/>`,
    `<path d="M-20 -70A24 24 0 0 1 14 -76L10 -70A18 18 0 0 0 -16 -65Z" fill="#ffffff" opacity="0.16"/>`,
  ].join('');
};

const bag: Draw = (s) =>
  [
    `<path d="M-24 -62C-24 -104 24 -104 24 -62" fill="none" stroke="${hex(darken(s.body, 0.2))}" stroke-width="6.5"/>`,
    `<path d="M-24 -62C-24 -104 24 -104 24 -62" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="2" transform="translate(-1.5 -1.5)"/>`,
    `<path d="M-44 -64L44 -64L54 -6Q55 0 49 0L-49 0Q-55 0 -54 -6Z" fill="${vertical(s, s.body)}"/>`,
    `<path d="M-44 -64L44 -64L47 -34Q0 -24 -47 -34Z" fill="${hex(darken(s.body, 0.14))}"/>`,
    `<path d="M-47 -34Q0 -24 47 -34" fill="none" stroke="${hex(lighten(s.body, 0.3))}" stroke-width="1.2" stroke-dasharray="3 2.5"/>`,
    `<rect x="-7" y="-35" width="14" height="11" rx="2" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-30" y="-70" width="8" height="10" rx="1.5" fill="${metal(s, s.metal)}"/>`,
    `<rect x="22" y="-70" width="8" height="10" rx="1.5" fill="${metal(s, s.metal)}"/>`,
    `<path d="M-40 -60L-32 -60L-42 -6L-50 -6Z" fill="#ffffff" opacity="0.12"/>`,
  ].join('');

const phone: Draw = (s) => {
  const screen = linear(
    s.defs,
    [
      [0, hex(lighten(s.detail, 0.2))],
      [0.55, hex(mix(s.detail, s.body, 0.5))],
      [1, hex(darken(s.body, 0.3))],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  return [
    `<rect x="-27" y="-106" width="54" height="106" rx="9" fill="${metal(s, darken(s.body, 0.2))}"/>`,
    `<rect x="-24" y="-103" width="48" height="100" rx="7" fill="${screen}"/>`,
    `<circle cx="-6" cy="-60" r="16" fill="${hex(lighten(s.detail, 0.5))}" opacity="0.35"/>`,
    `<circle cx="10" cy="-40" r="11" fill="${hex(lighten(s.body, 0.4))}" opacity="0.3"/>`,
    `<rect x="-8" y="-99" width="16" height="4.5" rx="2.2" fill="#0c0c10"/>`,
    `<path d="M-24 -70L24 -100L24 -80L-24 -44Z" fill="#ffffff" opacity="0.1"/>`,
    `<rect x="-10" y="-9" width="20" height="1.8" rx="0.9" fill="#ffffff" opacity="0.6"/>`,
  ].join('');
};

const candle: Draw = (s) => {
  const flame = radial(s.defs, ['#fffbe6', '#ffd36b', '#ff8a2a']);
  return [
    `<ellipse cx="0" cy="-70" rx="34" ry="38" fill="${radial(s.defs, [
      [0, '#ffd27a', 0.5],
      [1, '#ffb347', 0],
    ])}"/>`,
    `<rect x="-28" y="-62" width="56" height="62" rx="6" fill="${cylinder(s, mix(s.body, s.light, 0.2), 0.7)}" opacity="0.75"/>`,
    `<rect x="-25" y="-48" width="50" height="45" rx="4" fill="${cylinder(s, lighten(s.detail, 0.55), 0.5)}"/>`,
    `<ellipse cx="0" cy="-48" rx="25" ry="4" fill="${hex(lighten(s.detail, 0.7))}"/>`,
    `<line x1="0" y1="-48" x2="0" y2="-55" stroke="#2b2118" stroke-width="1.4"/>`,
    `<path d="M0 -76C5 -68 6 -60 0 -54C-6 -60 -5 -68 0 -76Z" fill="${flame}"/>`,
    `<rect x="-28" y="-34" width="56" height="16" fill="${hex(s.body)}" opacity="0.85"/>`,
    `<rect x="-12" y="-27.5" width="24" height="2.5" rx="1.2" fill="${contrastLine(s.body)}" opacity="0.6"/>`,
    `<rect x="-28" y="-62" width="56" height="62" rx="6" fill="none" stroke="#ffffff" stroke-opacity="0.4" stroke-width="1.2"/>`,
    sheen(s, -28, 28, -58, 54, 0.5),
  ].join('');
};

const lipstick: Draw = (s) =>
  [
    `<path d="M-10 -70L-10 -88Q-10 -92 -6 -94L10 -102L10 -70Z" fill="${cylinder(s, s.body, 1.2)}"/>`,
    `<rect x="-12" y="-72" width="24" height="20" rx="1.5" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-15" y="-54" width="30" height="54" rx="3" fill="${cylinder(s, luminance(s.metal) < 0.3 ? s.metal : darken(s.body, 0.55), 0.9)}"/>`,
    `<rect x="-15" y="-55" width="30" height="3" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-15" y="-6" width="30" height="6" rx="2" fill="${metal(s, s.metal)}"/>`,
    sheen(s, -15, 15, -50, 42, 0.4),
  ].join('');

const headphones: Draw = (s) => {
  const cup = (x: number) =>
    `<rect x="${x - 15}" y="-50" width="30" height="50" rx="14" fill="${cylinder(s, s.body)}"/>` +
    `<rect x="${x - 9 + (x < 0 ? 11 : -11)}" y="-44" width="16" height="38" rx="8" fill="${hex(darken(s.body, 0.45))}"/>`;
  return [
    `<path d="M-42 -40C-46 -118 46 -118 42 -40" fill="none" stroke="${hex(darken(s.body, 0.25))}" stroke-width="9" stroke-linecap="round"/>`,
    `<path d="M-38 -62C-34 -104 34 -104 38 -62" fill="none" stroke="${hex(s.detail)}" stroke-width="4" stroke-linecap="round" opacity="0.85"/>`,
    `<rect x="-45" y="-60" width="6" height="18" rx="3" fill="${metal(s, s.metal)}"/>`,
    `<rect x="39" y="-60" width="6" height="18" rx="3" fill="${metal(s, s.metal)}"/>`,
    cup(-42),
    cup(42),
    `<circle cx="${s.lightFromLeft ? -46 : 38}" cy="-36" r="4" fill="#ffffff" opacity="0.25"/>`,
  ].join('');
};

const jar: Draw = (s) =>
  [
    `<path d="M-36 -40L36 -40L36 -6Q36 0 30 0L-30 0Q-36 0 -36 -6Z" fill="${cylinder(s, s.body)}"/>`,
    `<rect x="-36" y="-30" width="72" height="18" fill="${hex(s.detail)}" opacity="0.85"/>`,
    `<rect x="-16" y="-23" width="32" height="3" rx="1.5" fill="${contrastLine(s.detail)}" opacity="0.55"/>`,
    `<rect x="-38" y="-58" width="76" height="20" rx="4" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-38" y="-58" width="76" height="3" rx="1.5" fill="#ffffff" opacity="0.35"/>`,
    sheen(s, -36, 36, -38, 34, 0.45),
  ].join('');

const serum: Draw = (s) => {
  const amber = mix(s.body, s.light, 0.1);
  return [
    `<path d="M-19 -54Q-19 -64 -9 -66L9 -66Q19 -64 19 -54L19 -6Q19 0 13 0L-13 0Q-19 0 -19 -6Z" fill="${cylinder(s, amber)}" opacity="0.95"/>`,
    `<rect x="-19" y="-38" width="38" height="22" fill="${hex(lighten(s.detail, 0.8))}" opacity="0.9"/>`,
    `<rect x="-10" y="-30" width="20" height="2.5" rx="1.2" fill="${hex(darken(s.body, 0.5))}" opacity="0.6"/>`,
    `<rect x="-10" y="-74" width="20" height="10" rx="2" fill="${metal(s, s.metal)}"/>`,
    `<path d="M-8 -76L-8 -94Q-8 -106 0 -106Q8 -106 8 -94L8 -76Z" fill="${cylinder(s, fromDark(s.metal), 0.9)}"/>`,
    sheen(s, -19, 19, -60, 54, 0.6),
  ].join('');
};

const fromDark = (c: Rgb) => (luminance(c) < 0.3 ? c : { r: 32, g: 30, b: 34 });

const sunglasses: Draw = (s) => {
  const lens = linear(s.defs, [hex(lighten(s.body, 0.15)), hex(darken(s.body, 0.55))]);
  const frame = hex(luminance(s.metal) > 0.5 ? s.metal : darken(s.body, 0.7));
  const shape = (x: number) =>
    `<path d="M${x - 26} -44Q${x - 27} -52 ${x - 18} -52L${x + 18} -52Q${x + 27} -52 ${x + 26} -42L${x + 22} -22Q${x + 18} -10 ${x} -10Q${x - 18} -10 ${x - 22} -22Z" fill="${lens}" stroke="${frame}" stroke-width="3.5"/>`;
  return [
    `<path d="M-58 -46L-64 -4M58 -46L64 -4" stroke="${frame}" stroke-width="4" stroke-linecap="round"/>`,
    shape(-30),
    shape(30),
    `<path d="M-5 -46Q0 -52 5 -46" fill="none" stroke="${frame}" stroke-width="3.5"/>`,
    `<path d="M-48 -46L-36 -46L-50 -24Z M12 -46L24 -46L10 -24Z" fill="#ffffff" opacity="0.28"/>`,
  ].join('');
};

const gift: Draw = (s) => {
  const ribbon = hex(s.detail);
  return [
    `<rect x="-40" y="-66" width="80" height="66" rx="2" fill="${vertical(s, s.body, 0.18)}"/>`,
    `<rect x="-9" y="-66" width="18" height="66" fill="${ribbon}"/>`,
    `<rect x="-45" y="-80" width="90" height="17" rx="2" fill="${vertical(s, lighten(s.body, 0.08), 0.2)}"/>`,
    `<rect x="-9" y="-80" width="18" height="17" fill="${hex(lighten(s.detail, 0.1))}"/>`,
    `<rect x="-40" y="-63" width="80" height="4" fill="#000000" opacity="0.12"/>`,
    `<path d="M0 -80C-8 -100 -34 -104 -30 -90C-27 -82 -12 -80 0 -80Z" fill="${ribbon}"/>`,
    `<path d="M0 -80C8 -100 34 -104 30 -90C27 -82 12 -80 0 -80Z" fill="${hex(darken(s.detail, 0.12))}"/>`,
    `<circle cx="0" cy="-81" r="6" fill="${hex(darken(s.detail, 0.2))}"/>`,
  ].join('');
};

const plant: Draw = (s) => {
  const leafColours = ['#2f7d4a', '#3f9b5a', '#56b06d', '#2a6a40'];
  const leaves = [
    [-38, -70, -30],
    [40, -72, 32],
    [-18, -104, -10],
    [16, -100, 14],
    [0, -118, 0],
    [-44, -92, -48],
    [46, -94, 50],
  ]
    .map(([x = 0, y = 0, rot = 0], i) => {
      const c = leafColours[i % leafColours.length] ?? '#3f9b5a';
      return `<path transform="translate(0 -52) rotate(${rot})" d="M0 0C${n(x * 0.2 - 14)} ${n((y + 52) * 0.4)} ${n(x * 0.6 - 10)} ${n(y + 52)} ${n(x * 0.3)} ${n(y + 52)}C${n(x * 0.6 + 14)} ${n(y + 52)} ${n(x * 0.2 + 12)} ${n((y + 52) * 0.4)} 0 0Z" fill="${c}"/>`;
    })
    .join('');
  return [
    leaves,
    `<path d="M-30 -54L30 -54L24 -4Q23 0 19 0L-19 0Q-23 0 -24 -4Z" fill="${cylinder(s, s.body)}"/>`,
    `<rect x="-33" y="-58" width="66" height="9" rx="2" fill="${cylinder(s, lighten(s.body, 0.1))}"/>`,
  ].join('');
};

const hanger = (s: ProductStyle, y: number, half: number) =>
  `<path d="M0 ${y}L0 ${y - 14}Q0 ${y - 20} 6 ${y - 20}" fill="none" stroke="${hex(s.metal)}" stroke-width="2.5" stroke-linecap="round"/><path d="M${-half} ${y + 10}L0 ${y - 8}L${half} ${y + 10}" fill="none" stroke="${hex(darken(s.metal, 0.1))}" stroke-width="3" stroke-linejoin="round"/>`;

const dress: Draw = (s) =>
  `${hanger(s, -108, 20)}<path transform="translate(0 60) scale(0.2)" d="${DRESS}" fill="${vertical(s, s.body, 0.15)}"/><path d="M-12 -68Q0 -64 12 -68" stroke="${hex(s.detail)}" stroke-width="3" fill="none"/>`;

/** A drinks can: a metal cylinder with rims and a printed band. */
const can: Draw = (s) =>
  [
    `<rect x="-22" y="-84" width="44" height="84" rx="5" fill="${cylinder(s, s.body)}"/>`,
    `<rect x="-22" y="-56" width="44" height="26" fill="${cylinder(s, s.detail, 0.7)}"/>`,
    `<ellipse cx="0" cy="-84" rx="19" ry="4" fill="${metal(s, s.metal)}"/>`,
    `<rect x="-19" y="-5" width="38" height="5" rx="2" fill="${metal(s, s.metal)}"/>`,
    sheen(s, -22, 22, -80, 74, 0.5),
  ].join('');

/** The neutral form for a product the renderer has no drawing of: a carton with its name on the label. */
const box: Draw = (s) => {
  // One word a line (a label has at most three), as large as the longest word allows.
  const lines = (s.label ?? '')
    .replace(/^./, (c) => c.toUpperCase())
    .split(' ')
    .filter(Boolean);
  const size = Math.min(11, 50 / (0.62 * Math.max(4, ...lines.map((l) => l.length))));
  const text = lines
    .map(
      (line, i) =>
        `<text x="0" y="${n(-44 + (i - (lines.length - 1) / 2) * size * 1.1 + size * 0.36)}" font-size="${n(size)}">${line}</text>`,
    )
    .join('');
  return [
    `<path d="M34 -86L44 -96L44 -10L34 0Z" fill="${hex(darken(s.body, 0.25))}"/>`,
    `<path d="M-34 -86L-24 -96L44 -96L34 -86Z" fill="${hex(lighten(mix(s.body, s.light, 0.3), 0.25))}"/>`,
    `<rect x="-34" y="-86" width="68" height="86" fill="${vertical(s, s.body, 0.15)}"/>`,
    `<rect x="-28" y="-64" width="56" height="40" rx="3" fill="${hex(s.detail)}"/>`,
    `<g fill="${contrastLine(s.detail)}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="bold" text-anchor="middle">${text}</g>`,
    `<rect x="-34" y="-12" width="68" height="4" fill="${hex(s.detail)}" opacity="0.7"/>`,
  ].join('');
};

const shirt: Draw = (s) => {
  const path = `M-20 -96Q0 -86 20 -96L48 -84L60 -58L44 -52L40 -62L40 -2Q40 0 38 0L-38 0Q-40 0 -40 -2L-40 -62L-44 -52L-60 -58L-48 -84Z`;
  return [
    hanger(s, -96, 46),
    `<path d="${path}" fill="${vertical(s, s.body, 0.15)}"/>`,
    `<path d="M-20 -96Q0 -80 20 -96" fill="none" stroke="${hex(darken(s.body, 0.2))}" stroke-width="3"/>`,
    `<circle cx="0" cy="-52" r="13" fill="${hex(s.detail)}" opacity="0.9"/>`,
    `<path d="M-40 -62L-40 -10M40 -62L40 -10" stroke="#000000" stroke-opacity="0.08" stroke-width="6"/>`,
  ].join('');
};

const soap: Draw = (s) => {
  const bubbles = [
    [34, -50, 5],
    [42, -60, 3.5],
    [28, -63, 2.5],
  ]
    .map(
      ([x = 0, y = 0, r = 1]) =>
        `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="0.25" stroke="#ffffff" stroke-opacity="0.7" stroke-width="0.8"/>`,
    )
    .join('');
  return [
    `<rect x="-48" y="-36" width="96" height="36" rx="14" fill="${vertical(s, s.body, 0.2)}"/>`,
    `<rect x="-46" y="-46" width="92" height="22" rx="11" fill="${hex(lighten(mix(s.body, s.light, 0.3), 0.22))}"/>`,
    `<ellipse cx="0" cy="-35" rx="26" ry="6" fill="none" stroke="${hex(darken(s.body, 0.18))}" stroke-width="1.6"/>`,
    `<ellipse cx="0" cy="-35" rx="14" ry="2.6" fill="${hex(darken(s.body, 0.12))}" opacity="0.6"/>`,
    bubbles,
  ].join('');
};

const tube: Draw = (s) => {
  const ridges = [-20, -14, -8, -2, 4, 10, 16, 22].map((x) => `M${x} -109V-99`).join('');
  return [
    `<path d="M-19 -16C-21 -50 -24 -80 -24 -96L24 -96C24 -80 21 -50 19 -16Z" fill="${cylinder(s, s.body)}"/>`,
    `<rect x="-26" y="-110" width="52" height="15" rx="2" fill="${vertical(s, lighten(s.body, 0.08), 0.15)}"/>`,
    `<path d="${ridges}" stroke="${hex(darken(s.body, 0.2))}" stroke-width="1.2"/>`,
    `<rect x="-20" y="-72" width="40" height="26" fill="${hex(s.detail)}" opacity="0.85"/>`,
    `<rect x="-12" y="-62" width="24" height="3" rx="1.5" fill="${contrastLine(s.detail)}" opacity="0.6"/>`,
    `<rect x="-15" y="-18" width="30" height="18" rx="3" fill="${cylinder(s, luminance(s.metal) < 0.3 ? s.metal : darken(s.detail, 0.3))}"/>`,
    sheen(s, -22, 22, -92, 72, 0.45),
  ].join('');
};

const ring: Draw = (s) => {
  const gem = linear(
    s.defs,
    [
      [0, '#ffffff'],
      [0.45, hex(lighten(s.body, 0.55))],
      [1, hex(s.body)],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  return [
    `<ellipse cx="0" cy="-40" rx="34" ry="36" fill="none" stroke="${metal(s, s.metal)}" stroke-width="8"/>`,
    `<ellipse cx="0" cy="-40" rx="30" ry="32" fill="none" stroke="#000000" stroke-opacity="0.15" stroke-width="1.2"/>`,
    `<path d="M-9 -74L-5 -82M9 -74L5 -82" stroke="${hex(s.metal)}" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="M-16 -86L-9 -96L9 -96L16 -86L0 -70Z" fill="${gem}"/>`,
    `<path d="M-16 -86L16 -86M-9 -96L-4 -86L0 -70M9 -96L4 -86L0 -70M-4 -86L0 -96L4 -86" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="0.8"/>`,
    `<path d="M22 -100L23.5 -95L28 -94L23.5 -92.5L22 -88L20.5 -92.5L16 -94L20.5 -95Z" fill="#ffffff"/>`,
  ].join('');
};

const DRAWINGS: Record<ObjectName, { width: number; height: number; draw: Draw }> = {
  bottle: { width: 38, height: 100, draw: bottle },
  perfume: { width: 60, height: 94, draw: perfume },
  sneaker: { width: 176, height: 78, draw: sneaker },
  mug: { width: 80, height: 80, draw: mug },
  watch: { width: 60, height: 112, draw: watch },
  bag: { width: 110, height: 100, draw: bag },
  phone: { width: 54, height: 106, draw: phone },
  candle: { width: 60, height: 80, draw: candle },
  lipstick: { width: 30, height: 102, draw: lipstick },
  headphones: { width: 104, height: 100, draw: headphones },
  jar: { width: 76, height: 58, draw: jar },
  serum: { width: 38, height: 106, draw: serum },
  sunglasses: { width: 132, height: 54, draw: sunglasses },
  gift: { width: 92, height: 100, draw: gift },
  plant: { width: 100, height: 120, draw: plant },
  shirt: { width: 120, height: 116, draw: shirt },
  soap: { width: 100, height: 50, draw: soap },
  tube: { width: 52, height: 110, draw: tube },
  ring: { width: 80, height: 102, draw: ring },
  dress: { width: 62, height: 128, draw: dress },
  can: { width: 44, height: 88, draw: can },
  box: { width: 88, height: 96, draw: box },
};

export function drawProduct(kind: ObjectName, style: ProductStyle): ProductArt {
  const drawing = DRAWINGS[kind];
  return { width: drawing.width, height: drawing.height, markup: drawing.draw(style) };
}
