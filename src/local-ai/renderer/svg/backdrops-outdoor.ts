/** Outdoor backdrops: sky, a horizon and the landscape that says where we are. */
import { darken, fromHex, hex, lighten, mix, type Rgb } from '../colour.ts';
import { type Backdrop, type BackdropContext, count, ground, ridge, sideX, sky } from './backdrop.ts';
import { bokeh, clouds, frond, lightBeams, sparkles, stars, tree } from './decor.ts';
import { glow, linear, n, radial } from './svg-kit.ts';

/** Sun, moon or nothing, by time of day; sunsets sit low and large. */
function celestial(ctx: BackdropContext): string {
  const m = Math.min(ctx.width, ctx.height);
  const x = ctx.lightFromLeft ? ctx.width * ctx.rng.range(0.12, 0.3) : ctx.width * ctx.rng.range(0.7, 0.88);
  if (ctx.cues.time === 'night') {
    const y = ctx.horizon * ctx.rng.range(0.2, 0.35);
    const r = m * 0.045;
    return (
      stars(ctx, { x: 0, y: 0, width: ctx.width, height: ctx.horizon * 0.9 }, count(ctx, 110)) +
      glow(ctx.defs, '#c9d6ff', 0.35, x, y, r * 5) +
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#f4f1e4"/><circle cx="${n(x + r * 0.35)}" cy="${n(y - r * 0.2)}" r="${n(r * 0.85)}" fill="${hex(mix(ctx.palette.skyTop, ctx.palette.skyBottom, 0.3))}" opacity="0.9"/>`
    );
  }
  if (ctx.cues.time === 'sunset') {
    const y = ctx.horizon - m * 0.05;
    const r = m * 0.09;
    return (
      glow(ctx.defs, '#ffb36b', 0.75, x, y, r * 5) +
      `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${radial(ctx.defs, [
        [0, '#fff4d6'],
        [0.7, '#ffd08a'],
        [1, '#ffb066'],
      ])}"/>`
    );
  }
  const y = ctx.horizon * ctx.rng.range(0.18, 0.3);
  return glow(ctx.defs, '#fff6dc', 0.8, x, y, m * 0.22) + `<circle cx="${n(x)}" cy="${n(y)}" r="${n(m * 0.04)}" fill="#fffdf3"/>`;
}

function sunX(ctx: BackdropContext): number {
  return ctx.lightFromLeft ? ctx.width * 0.2 : ctx.width * 0.8;
}

/** Dark foliage is a silhouette at dusk and night, green by day. */
function foliage(ctx: BackdropContext, day: string): string {
  if (ctx.cues.time === 'night') return hex(darken(ctx.palette.skyTop, 0.5));
  if (ctx.cues.time === 'sunset') return hex(darken(mix(fromHex(day), ctx.palette.skyTop, 0.5), 0.45));
  return day;
}

export function beach(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const seaBottom = horizon + h * 0.12;
  const seaTone = ctx.cues.time === 'sunset' ? mix(fromHex('#2c6f8f'), palette.skyBottom, 0.35) : fromHex('#1f8fb0');
  const sea = linear(ctx.defs, [hex(darken(seaTone, 0.15)), hex(lighten(mix(seaTone, fromHex('#5fd3c8'), 0.6), 0.15))], {
    y1: horizon,
    y2: seaBottom,
    user: true,
  });
  let waves = '';
  for (let i = 0; i < count(ctx, 12); i++) {
    const y = horizon + (seaBottom - horizon) * ctx.rng.range(0.1, 0.95);
    const x = ctx.rng.next() * w;
    const len = ctx.rng.range(30, 120) * ctx.unit * (0.5 + (y - horizon) / (seaBottom - horizon));
    waves += `<path d="M${n(x)} ${n(y)}L${n(x + len)} ${n(y)}" stroke="#ffffff" stroke-opacity="0.4" stroke-width="${n(1.5 * ctx.unit + 0.5)}" stroke-linecap="round"/>`;
  }
  if (ctx.cues.time === 'sunset') {
    const x = sunX(ctx);
    for (let i = 0; i < 7; i++) {
      const y = horizon + 4 + i * ((seaBottom - horizon) / 8);
      const half = (20 + i * 9) * ctx.unit * ctx.rng.range(0.7, 1.2);
      waves += `<path d="M${n(x - half)} ${n(y)}L${n(x + half)} ${n(y)}" stroke="#ffd9a0" stroke-opacity="0.55" stroke-width="${n(3 * ctx.unit)}" stroke-linecap="round"/>`;
    }
  }
  const foam = `M0 ${n(seaBottom)}Q${n(w * 0.25)} ${n(seaBottom - h * 0.012)} ${n(w * 0.5)} ${n(seaBottom)}T${w} ${n(seaBottom)}L${w} ${n(seaBottom + h * 0.02)}L0 ${n(seaBottom + h * 0.02)}Z`;
  const frondColour = foliage(ctx, '#1f5a3a');
  const corner = ctx.focusX > w * 0.55 ? 0 : w;
  const dir = corner === 0 ? 1 : -1;
  const palms =
    palette.decor >= 0.5
      ? [0, 1, 2, 3]
          .map((i) =>
            frond(
              corner + dir * w * 0.02,
              -h * 0.02,
              Math.min(w, h) * ctx.rng.range(0.32, 0.46),
              (dir > 0 ? 10 : 170) + dir * (i * 28 - 8),
              frondColour,
              0.95,
            ),
          )
          .join('')
      : '';
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      clouds(ctx, { x: 0, y: horizon * 0.15, width: w, height: horizon * 0.55 }, count(ctx, 3), lighten(palette.skyBottom, 0.6), 0.55),
      `<rect y="${n(horizon)}" width="${w}" height="${n(seaBottom - horizon + 2)}" fill="${sea}"/>`,
      waves,
      ground(ctx, palette.groundFar, palette.groundNear, seaBottom),
      `<path d="${foam}" fill="#ffffff" opacity="0.55"/>`,
    ].join(''),
    front: palms,
  };
}

export function forest(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const pine = ctx.layout.chance(0.6);
  const farColour = hex(mix(palette.groundFar, palette.skyBottom, 0.55));
  const midColour = hex(mix(palette.groundFar, palette.skyBottom, 0.22));
  let far = '';
  for (let x = -w * 0.02; x < w * 1.02; x += w * ctx.rng.range(0.045, 0.07))
    far += tree(x, horizon + h * 0.01, h * ctx.rng.range(0.16, 0.26), farColour, pine);
  let mid = '';
  for (let i = 0; i < count(ctx, 7) + 2; i++)
    mid += tree(sideX(ctx, w * 0.16), horizon + h * 0.03, h * ctx.rng.range(0.3, 0.48), midColour, pine);
  const fernColour = hex(darken(palette.groundNear, 0.35));
  const ferns = [0, 1, 2, 3]
    .map((i) => {
      const left = i < 2;
      const angle = left ? -70 + i * 30 : -110 - (i - 2) * 30;
      return frond(left ? w * 0.03 : w * 0.97, h * 1.02, Math.min(w, h) * ctx.rng.range(0.26, 0.36), angle, fernColour);
    })
    .join('');
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      far,
      ground(ctx),
      mid,
      lightBeams(ctx, { x: 0, y: 0, width: w, height: h * 0.9 }, count(ctx, 4), palette.light, ctx.lightFromLeft, 0.2),
    ].join(''),
    front: palette.decor >= 0.5 ? ferns : '',
  };
}

export function city(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const night = ctx.cues.time === 'night';
  const layer = (colour: string, minH: number, maxH: number, windows: boolean) => {
    let out = '';
    let lit = '';
    for (let x = -w * 0.02; x < w;) {
      const bw = w * ctx.rng.range(0.05, 0.1);
      const bh = h * ctx.rng.range(minH, maxH);
      const top = horizon - bh;
      out += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw - 2)}" height="${n(bh + 2)}" fill="${colour}"/>`;
      if (ctx.rng.chance(0.25))
        out += `<rect x="${n(x + bw * 0.4)}" y="${n(top - bh * 0.12)}" width="${n(bw * 0.12)}" height="${n(bh * 0.12)}" fill="${colour}"/>`;
      if (windows) {
        const cols = Math.max(2, Math.floor(bw / (14 * ctx.unit)));
        const rows = Math.floor(bh / (20 * ctx.unit));
        for (let r = 1; r < rows; r++)
          for (let c = 0; c < cols; c++) {
            if (!ctx.rng.chance(night ? 0.35 : 0.25)) continue;
            lit += `<rect x="${n(x + (bw * (c + 0.3)) / cols)}" y="${n(top + r * 20 * ctx.unit)}" width="${n((bw / cols) * 0.4)}" height="${n(9 * ctx.unit)}"/>`;
          }
      }
      x += bw;
    }
    const windowFill = night ? '#ffd37a' : hex(lighten(palette.skyTop, 0.5));
    return out + (lit ? `<g fill="${windowFill}" opacity="${night ? 0.85 : 0.45}">${lit}</g>` : '');
  };
  const farColour = hex(mix(palette.skyTop, palette.skyBottom, 0.55));
  const nearColour = hex(darken(mix(palette.skyTop, palette.groundFar, 0.5), night ? 0.35 : 0.2));
  const lights = night
    ? bokeh(
        ctx,
        { x: 0, y: horizon - h * 0.05, width: w, height: h * 0.2 },
        count(ctx, 14),
        [fromHex('#ffcf7a'), fromHex('#ff8fa3'), fromHex('#8fd3ff')],
        0.45,
      )
    : '';
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      layer(hex(darken(fromHex(farColour), 0.08)), 0.2, 0.42, false),
      layer(nearColour, 0.12, 0.3, true),
      ground(ctx),
      `<rect y="${n(horizon)}" width="${w}" height="${n(2 * ctx.unit + 1)}" fill="#ffffff" opacity="0.25"/>`,
      lights,
    ].join(''),
    front: '',
  };
}

export function snow(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const hill = (far: boolean) =>
    linear(ctx.defs, [
      hex(far ? mix(palette.groundFar, palette.skyTop, 0.3) : lighten(palette.groundFar, 0.3)),
      hex(far ? palette.groundFar : palette.groundNear),
    ]);
  let pines = '';
  const pineColour = hex(mix(fromHex('#2f4d44'), palette.skyTop, ctx.cues.time === 'night' ? 0.5 : 0.25));
  for (let i = 0; i < count(ctx, 8) + 2; i++) {
    const x = sideX(ctx, w * 0.14);
    const th = h * ctx.rng.range(0.14, 0.3);
    const base = horizon + h * 0.02;
    pines += tree(x, base, th, pineColour, true);
    pines += `<path d="M${n(x)} ${n(base - th)}L${n(x + th * 0.1)} ${n(base - th * 0.8)}L${n(x - th * 0.1)} ${n(base - th * 0.8)}Z" fill="#ffffff" opacity="0.9"/>`;
  }
  let flakes = '';
  for (let i = 0; i < count(ctx, 70); i++) {
    flakes += `<circle cx="${n(ctx.rng.next() * w)}" cy="${n(ctx.rng.next() * h)}" r="${n(ctx.rng.range(1.2, 4.2) * ctx.unit)}" fill="#ffffff" opacity="${n(ctx.rng.range(0.45, 0.9) * 100) / 100}"/>`;
  }
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      ridge(ctx, horizon, h * 0.1, hill(true)),
      pines,
      ridge(ctx, horizon + h * 0.08, h * 0.06, hill(false)),
    ].join(''),
    front: flakes,
  };
}

export function desert(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const dune = (t: number) =>
    linear(ctx.defs, [
      hex(lighten(mix(palette.groundFar, palette.skyBottom, t), 0.12)),
      hex(darken(mix(palette.groundFar, palette.groundNear, 1 - t), 0.08)),
    ]);
  let cacti = '';
  const cactusColour =
    ctx.cues.time === null || ctx.cues.time === 'day' ? hex(mix(fromHex('#4f6b3a'), palette.skyBottom, 0.15)) : foliage(ctx, '#4f6b3a');
  for (let i = 0; i < Math.min(3, count(ctx, 2)); i++) {
    const x = sideX(ctx, w * 0.22);
    const ch = h * ctx.rng.range(0.12, 0.22);
    const base = horizon + h * ctx.rng.range(0.06, 0.12);
    const cw = ch * 0.14;
    cacti += `<g fill="${cactusColour}"><rect x="${n(x - cw / 2)}" y="${n(base - ch)}" width="${n(cw)}" height="${n(ch)}" rx="${n(cw / 2)}"/><path d="M${n(x - cw / 2)} ${n(base - ch * 0.45)}L${n(x - cw * 1.6)} ${n(base - ch * 0.45)}L${n(x - cw * 1.6)} ${n(base - ch * 0.75)}" fill="none" stroke="${cactusColour}" stroke-width="${n(cw * 0.7)}" stroke-linecap="round" stroke-linejoin="round"/><path d="M${n(x + cw / 2)} ${n(base - ch * 0.6)}L${n(x + cw * 1.5)} ${n(base - ch * 0.6)}L${n(x + cw * 1.5)} ${n(base - ch * 0.85)}" fill="none" stroke="${cactusColour}" stroke-width="${n(cw * 0.65)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  }
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      ridge(ctx, horizon, h * 0.08, dune(0.45)),
      ridge(ctx, horizon + h * 0.07, h * 0.08, dune(0.2)),
      cacti,
      ridge(ctx, horizon + h * 0.16, h * 0.07, dune(0)),
    ].join(''),
    front: '',
  };
}

export function garden(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const hedgeTop = horizon - h * 0.1;
  const hedgeColour = foliage(ctx, '#3d7a45');
  let hedge = `<rect y="${n(hedgeTop + h * 0.04)}" width="${w}" height="${n(horizon - hedgeTop)}" fill="${hedgeColour}"/>`;
  for (let x = 0; x < w + 40; x += w * 0.05) {
    hedge += `<circle cx="${n(x)}" cy="${n(hedgeTop + h * 0.05 + ctx.rng.range(-6, 6) * ctx.unit)}" r="${n(w * ctx.rng.range(0.035, 0.05))}" fill="${hedgeColour}"/>`;
  }
  const far = hex(mix(fromHex(hedgeColour), palette.skyBottom, 0.5));
  let trees = '';
  for (let i = 0; i < count(ctx, 6) + 2; i++)
    trees += tree(ctx.rng.next() * w, hedgeTop + h * 0.06, h * ctx.rng.range(0.18, 0.3), far, false);
  const blossoms = [palette.accent, palette.accent2, fromHex('#ffffff'), fromHex('#ffd166')];
  let flowers = '';
  for (let i = 0; i < count(ctx, 40); i++) {
    const c = hex(lighten(ctx.rng.pick(blossoms), 0.15));
    flowers += `<circle cx="${n(ctx.rng.next() * w)}" cy="${n(hedgeTop + h * ctx.rng.range(0.02, 0.12))}" r="${n(ctx.rng.range(3, 7) * ctx.unit)}" fill="${c}" opacity="0.9"/>`;
  }
  let front = '';
  if (palette.decor >= 0.5) {
    for (const side of [0, 1]) {
      const x = side === 0 ? w * 0.04 : w * 0.96;
      for (let k = 0; k < 4; k++) {
        const sx = x + (side === 0 ? 1 : -1) * k * w * 0.035;
        const top = h * ctx.rng.range(0.78, 0.88);
        const c = hex(lighten(ctx.rng.pick(blossoms), 0.05));
        front += `<path d="M${n(sx)} ${n(h)}Q${n(sx + ctx.rng.range(-12, 12) * ctx.unit)} ${n((h + top) / 2)} ${n(sx)} ${n(top)}" stroke="#3f7a3a" stroke-width="${n(3 * ctx.unit)}" fill="none"/>`;
        for (let p = 0; p < 5; p++) {
          const a = (p / 5) * Math.PI * 2;
          front += `<circle cx="${n(sx + Math.cos(a) * 8 * ctx.unit)}" cy="${n(top + Math.sin(a) * 8 * ctx.unit)}" r="${n(7 * ctx.unit)}" fill="${c}"/>`;
        }
        front += `<circle cx="${n(sx)}" cy="${n(top)}" r="${n(4.5 * ctx.unit)}" fill="#ffd166"/>`;
      }
    }
  }
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      clouds(ctx, { x: 0, y: horizon * 0.1, width: w, height: horizon * 0.4 }, count(ctx, 3), fromHex('#ffffff'), 0.7),
      trees,
      hedge,
      flowers,
      ground(ctx),
    ].join(''),
    front,
  };
}

export function mountain(ctx: BackdropContext): Backdrop {
  const { height: h, horizon, palette } = ctx;
  const range = (t: number, snowCap: boolean) =>
    linear(ctx.defs, [
      [0, hex(snowCap ? lighten(mix(palette.skyBottom, palette.skyTop, 0.3), 0.6) : mix(palette.groundFar, palette.skyBottom, t))],
      [0.35, hex(mix(palette.groundFar, palette.skyBottom, t))],
      [1, hex(mix(palette.groundFar, palette.skyBottom, t * 0.6))],
    ]);
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      ridge(ctx, horizon, horizon * 0.55, range(0.6, true), true),
      ridge(ctx, horizon + h * 0.02, horizon * 0.3, range(0.3, false), true),
      ground(ctx, palette.groundFar, palette.groundNear, horizon + h * 0.02),
      ridge(ctx, horizon + h * 0.06, h * 0.03, hex(mix(palette.groundFar, palette.groundNear, 0.5))),
    ].join(''),
    front: '',
  };
}

export function pool(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const deck = horizon + h * 0.035;
  let ripples = '';
  for (let i = 0; i < count(ctx, 18) + 4; i++) {
    const y = deck + ctx.rng.next() * (h - deck);
    const x = ctx.rng.next() * w;
    const len = ctx.rng.range(40, 140) * ctx.unit;
    const amp = ctx.rng.range(3, 8) * ctx.unit;
    ripples += `<path d="M${n(x)} ${n(y)}q${n(len / 4)} ${n(-amp)} ${n(len / 2)} 0t${n(len / 2)} 0" fill="none" stroke="#ffffff" stroke-opacity="${n(ctx.rng.range(0.25, 0.55) * 100) / 100}" stroke-width="${n(2.2 * ctx.unit + 0.4)}" stroke-linecap="round"/>`;
  }
  const frondColour = foliage(ctx, '#1f5a3a');
  const corner = ctx.focusX > w * 0.55 ? 0 : w;
  const dir = corner === 0 ? 1 : -1;
  const palms =
    palette.decor >= 0.5
      ? [0, 1, 2]
          .map((i) =>
            frond(corner, -h * 0.03, Math.min(w, h) * ctx.rng.range(0.3, 0.42), (dir > 0 ? 15 : 165) + dir * i * 30, frondColour, 0.9),
          )
          .join('')
      : '';
  return {
    back: [
      sky(ctx),
      celestial(ctx),
      clouds(ctx, { x: 0, y: horizon * 0.15, width: w, height: horizon * 0.5 }, count(ctx, 3), fromHex('#ffffff'), 0.7),
      ridge(ctx, horizon, h * 0.05, hex(mix(fromHex('#5d8f6a'), palette.skyBottom, 0.45))),
      `<rect y="${n(horizon)}" width="${w}" height="${n(deck - horizon)}" fill="#f3efe6"/>`,
      `<rect y="${n(deck - h * 0.006)}" width="${w}" height="${n(h * 0.006)}" fill="#2f7f9a" opacity="0.6"/>`,
      ground(ctx, lighten(palette.groundFar, 0.1), palette.groundNear, deck),
      ripples,
      sparkles(ctx, { x: 0, y: deck, width: w, height: h - deck }, count(ctx, 6), fromHex('#ffffff')),
    ].join(''),
    front: palms,
  };
}

export function space(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon, palette } = ctx;
  const m = Math.min(w, h);
  const px = ctx.focusX > w / 2 ? w * 0.2 : w * 0.8;
  const py = horizon * 0.35;
  const pr = m * ctx.rng.range(0.08, 0.13);
  const planet = radial(
    ctx.defs,
    [
      [0, hex(lighten(palette.accent, 0.3))],
      [0.7, hex(palette.accent)],
      [1, hex(darken(palette.accent, 0.6))],
    ],
    { cx: 0.35, cy: 0.35, r: 0.7 },
  );
  const nebula = (c: Rgb, x: number, y: number, r: number) => glow(ctx.defs, hex(c), 0.35, x, y, r);
  return {
    back: [
      sky(ctx),
      nebula(palette.accent2, w * ctx.rng.range(0.2, 0.8), horizon * 0.4, m * 0.5),
      nebula(fromHex('#b04dff'), w * ctx.rng.range(0.2, 0.8), horizon * 0.7, m * 0.35),
      stars(ctx, { x: 0, y: 0, width: w, height: h }, count(ctx, 160) + 40),
      `<ellipse cx="${n(px)}" cy="${n(py)}" rx="${n(pr * 1.9)}" ry="${n(pr * 0.45)}" fill="none" stroke="${hex(lighten(palette.accent2, 0.4))}" stroke-opacity="0.55" stroke-width="${n(pr * 0.12)}" transform="rotate(-18 ${n(px)} ${n(py)})"/>`,
      `<circle cx="${n(px)}" cy="${n(py)}" r="${n(pr)}" fill="${planet}"/>`,
      ground(ctx),
      glow(ctx.defs, hex(palette.accent2), 0.35, w / 2, horizon, w * 0.6),
    ].join(''),
    front: '',
  };
}
