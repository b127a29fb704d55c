/** Indoor backdrops: the studio sweep and its layouts, kitchen, bathroom and a living room. */
import { darken, fromHex, hex, lighten, mix } from '../colour.ts';
import { type Backdrop, type BackdropContext, count, ground, sky } from './backdrop.ts';
import { bokeh, frond, leaf, lightBeams, neonStroke, sparkles, sprig } from './decor.ts';
import { glow, linear, n, radial } from './svg-kit.ts';

export const STUDIO_LAYOUTS = ['arch', 'disc', 'gobo', 'split', 'grid', 'floating'] as const;
export type StudioLayout = (typeof STUDIO_LAYOUTS)[number];

/** Wall and floor meet in a soft sweep: both gradients share the colour at the seam. */
function sweep(ctx: BackdropContext): string {
  const { palette } = ctx;
  const seam = mix(palette.skyBottom, palette.groundFar, 0.5);
  return sky(ctx, palette.skyTop, seam) + ground(ctx, seam, palette.groundNear);
}

function spotlight(ctx: BackdropContext): string {
  const { width: w, horizon, palette } = ctx;
  const m = Math.min(w, ctx.height);
  return glow(ctx.defs, hex(lighten(palette.light, 0.2)), palette.dark ? 0.28 : 0.45, ctx.focusX, horizon * 0.72, m * 0.5, m * 0.42);
}

function arch(ctx: BackdropContext): string {
  const m = Math.min(ctx.width, ctx.height);
  const rw = m * 0.23;
  const top = ctx.horizon - ctx.height * 0.5;
  const x = ctx.focusX;
  const fill = linear(ctx.defs, [hex(lighten(ctx.palette.accent, 0.25)), hex(mix(ctx.palette.accent, ctx.palette.skyBottom, 0.35))]);
  const back = ctx.layout.chance(0.5)
    ? `<path d="M${n(x + rw * 0.2)} ${n(ctx.horizon)}L${n(x + rw * 0.2)} ${n(top + rw * 1.3)}A${n(rw * 1.1)} ${n(rw * 1.1)} 0 0 1 ${n(x + rw * 2.4)} ${n(top + rw * 1.3)}L${n(x + rw * 2.4)} ${n(ctx.horizon)}Z" fill="${hex(mix(ctx.palette.accent2, ctx.palette.skyBottom, 0.4))}"/>`
    : '';
  return (
    back +
    `<path d="M${n(x - rw)} ${n(ctx.horizon)}L${n(x - rw)} ${n(top + rw)}A${n(rw)} ${n(rw)} 0 0 1 ${n(x + rw)} ${n(top + rw)}L${n(x + rw)} ${n(ctx.horizon)}Z" fill="${fill}"/>`
  );
}

function disc(ctx: BackdropContext): string {
  const m = Math.min(ctx.width, ctx.height);
  const r = m * ctx.layout.range(0.22, 0.3);
  const cy = ctx.horizon - r * 0.75;
  const fill = linear(ctx.defs, [hex(lighten(ctx.palette.accent, 0.2)), hex(mix(ctx.palette.accent, ctx.palette.accent2, 0.6))]);
  return (
    `<circle cx="${n(ctx.focusX)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>` +
    `<circle cx="${n(ctx.focusX + r * 0.55)}" cy="${n(cy - r * 0.5)}" r="${n(r * 1.18)}" fill="none" stroke="${hex(lighten(ctx.palette.accent2, 0.3))}" stroke-width="${n(2 * ctx.unit + 0.5)}" opacity="0.7"/>`
  );
}

/** Shadows of leaves thrown on the wall by a window out of frame. */
function gobo(ctx: BackdropContext): string {
  const { width: w, horizon } = ctx;
  const m = Math.min(w, ctx.height);
  const shade = hex(darken(ctx.palette.skyTop, 0.6));
  const x0 = ctx.lightFromLeft ? w * 0.05 : w * 0.95;
  let out = glow(ctx.defs, hex(ctx.palette.light), 0.5, ctx.lightFromLeft ? w * 0.3 : w * 0.7, horizon * 0.45, m * 0.55, m * 0.4);
  for (let i = 0; i < 5; i++) {
    const angle = (ctx.lightFromLeft ? 20 : 160) + (ctx.lightFromLeft ? 1 : -1) * (i * 16 - 10) + ctx.rng.range(-6, 6);
    out += frond(x0, -m * 0.05, m * ctx.rng.range(0.45, 0.7), angle, shade, 0.1);
  }
  return out;
}

function split(ctx: BackdropContext): string {
  const { width: w, horizon } = ctx;
  const x = ctx.focusX + (ctx.layout.chance(0.5) ? 1 : -1) * w * ctx.layout.range(0.12, 0.22);
  const fill = linear(ctx.defs, [hex(ctx.palette.accent), hex(mix(ctx.palette.accent, ctx.palette.skyBottom, 0.3))]);
  const tilt = w * 0.08;
  return x > ctx.focusX
    ? `<path d="M${n(x)} 0L${w} 0L${w} ${n(horizon)}L${n(x - tilt)} ${n(horizon)}Z" fill="${fill}"/>`
    : `<path d="M0 0L${n(x)} 0L${n(x + tilt)} ${n(horizon)}L0 ${n(horizon)}Z" fill="${fill}"/>`;
}

/** A perspective grid on the floor, vanishing at the horizon behind the subject. */
function grid(ctx: BackdropContext): string {
  const { width: w, height: h, horizon } = ctx;
  const colour = ctx.palette.dark ? hex(lighten(ctx.palette.accent, 0.2)) : hex(darken(ctx.palette.groundFar, 0.25));
  let d = '';
  const vx = ctx.focusX;
  for (let i = -12; i <= 12; i++) d += `M${n(vx + i * w * 0.012)} ${n(horizon)}L${n(vx + i * w * 0.16)} ${n(h)}`;
  for (let k = 1; k <= 9; k++) {
    const y = horizon + (h - horizon) * (k / 9) ** 1.9;
    d += `M0 ${n(y)}L${w} ${n(y)}`;
  }
  const fade = linear(
    ctx.defs,
    [
      [0, colour, 0],
      [1, colour, ctx.palette.dark ? 0.7 : 0.45],
    ],
    { y1: horizon, y2: h, user: true },
  );
  return `<path d="${d}" stroke="${fade}" stroke-width="${n(1.4 * ctx.unit + 0.3)}" fill="none"/>`;
}

function floating(ctx: BackdropContext): string {
  const m = Math.min(ctx.width, ctx.height);
  let out = '';
  const colours = [ctx.palette.accent, ctx.palette.accent2, lighten(ctx.palette.accent, 0.4)];
  for (let i = 0; i < count(ctx, 5) + 1; i++) {
    const side = i % 2 === 0 ? -1 : 1;
    const x = ctx.focusX + side * m * ctx.rng.range(0.26, 0.42);
    const y = ctx.horizon * ctx.rng.range(0.25, 1.05);
    const r = m * ctx.rng.range(0.025, 0.06);
    const c = ctx.rng.pick(colours);
    const fill = radial(
      ctx.defs,
      [
        [0, hex(lighten(c, 0.55))],
        [0.45, hex(c)],
        [1, hex(darken(c, 0.35))],
      ],
      { cx: ctx.lightFromLeft ? 0.35 : 0.65, cy: 0.3, r: 0.75 },
    );
    out += ctx.rng.chance(0.3)
      ? `<rect x="${n(x - r * 0.6)}" y="${n(y - r * 1.6)}" width="${n(r * 1.2)}" height="${n(r * 3.2)}" rx="${n(r * 0.6)}" fill="${fill}" transform="rotate(${n(ctx.rng.range(-50, 50))} ${n(x)} ${n(y)})"/>`
      : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"/>`;
  }
  return out;
}

/** Velvet drapes: vertical folds of light and shade. */
function curtain(ctx: BackdropContext): string {
  const { width: w, horizon } = ctx;
  const base = ctx.palette.podium;
  const folds = 14;
  const stops: Array<readonly [number, string]> = [];
  for (let i = 0; i <= folds; i++) stops.push([i / folds, hex(i % 2 === 0 ? darken(base, 0.45) : lighten(base, 0.12))]);
  const fill = linear(ctx.defs, stops, { x2: 1, y2: 0 });
  return (
    `<rect width="${w}" height="${n(horizon)}" fill="${fill}"/>` +
    `<rect width="${w}" height="${n(horizon)}" fill="${linear(ctx.defs, [
      [0, '#000000', 0.45],
      [0.6, '#000000', 0],
    ])}"/>`
  );
}

export function studio(ctx: BackdropContext, layout: StudioLayout): Backdrop {
  const materials = ctx.cues.materials;
  let extra = '';
  if (materials.includes('velvet')) extra = curtain(ctx);
  else if (layout === 'arch') extra = arch(ctx);
  else if (layout === 'disc') extra = disc(ctx);
  else if (layout === 'gobo') extra = gobo(ctx);
  else if (layout === 'split') extra = split(ctx);

  let neon = '';
  if (materials.includes('neon')) {
    const m = Math.min(ctx.width, ctx.height);
    const r = m * 0.27;
    const cy = ctx.horizon - r * 0.55;
    neon = neonStroke(
      `M${n(ctx.focusX - r)} ${n(ctx.horizon)}L${n(ctx.focusX - r)} ${n(cy)}A${n(r)} ${n(r)} 0 0 1 ${n(ctx.focusX + r)} ${n(cy)}L${n(ctx.focusX + r)} ${n(ctx.horizon)}`,
      ctx.palette.accent,
      m * 0.008,
    );
  }
  const floorGrid = layout === 'grid' || materials.includes('neon') ? grid(ctx) : '';
  const twinkles = ctx.palette.dark
    ? sparkles(ctx, { x: 0, y: 0, width: ctx.width, height: ctx.horizon }, count(ctx, 10), ctx.palette.accent)
    : '';
  return {
    back: [
      // On marble or wood the set becomes a table top against the wall instead of a seamless sweep.
      materials.includes('marble') || materials.includes('wood') ? sky(ctx) + counter(ctx) : sweep(ctx),
      spotlight(ctx),
      extra,
      twinkles,
      neon,
      floorGrid,
      layout === 'floating' ? floating(ctx) : '',
    ].join(''),
    front: '',
  };
}

/** A light-coloured tile grid; `cols` tiles across the width. */
function tiles(ctx: BackdropContext, cols: number, ratio: number, offsetRows: boolean): string {
  const tw = ctx.width / cols;
  const th = tw * ratio;
  const id = ctx.defs.id('p');
  const line = hex(darken(ctx.palette.skyBottom, 0.12));
  const stroke = n(1.2 * ctx.unit + 0.4);
  const body = offsetRows
    ? `<path d="M0 0H${n(tw)}M0 ${n(th)}H${n(tw)}M0 0V${n(th)}M${n(tw / 2)} ${n(th)}V${n(th * 2)}" stroke="${line}" stroke-width="${stroke}" fill="none"/>`
    : `<path d="M0 0H${n(tw)}M0 0V${n(th)}" stroke="${line}" stroke-width="${stroke}" fill="none"/>`;
  ctx.defs.add(
    `<pattern id="${id}" width="${n(tw)}" height="${n(offsetRows ? th * 2 : th)}" patternUnits="userSpaceOnUse">${body}</pattern>`,
  );
  return `<rect width="${ctx.width}" height="${n(ctx.horizon)}" fill="url(#${id})" opacity="0.8"/>`;
}

/** Sunlight through a window, landing on the wall as four bright panes. */
function windowLight(ctx: BackdropContext): string {
  const { horizon } = ctx;
  const m = Math.min(ctx.width, ctx.height);
  const x = ctx.lightFromLeft ? ctx.width * ctx.rng.range(0.05, 0.2) : ctx.width * ctx.rng.range(0.55, 0.72);
  const y = horizon * ctx.rng.range(0.12, 0.3);
  const pw = m * 0.12;
  const ph = m * 0.17;
  const skew = (ctx.lightFromLeft ? 1 : -1) * pw * 0.5;
  const fill = hex(lighten(ctx.palette.light, 0.3));
  let panes = '';
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 2; c++) {
      const px = x + c * (pw + m * 0.012) + r * skew * 0.5;
      const py = y + r * (ph + m * 0.012);
      panes += `<path d="M${n(px)} ${n(py)}L${n(px + pw)} ${n(py)}L${n(px + pw + skew * 0.5)} ${n(py + ph)}L${n(px + skew * 0.5)} ${n(py + ph)}Z"/>`;
    }
  return `<g fill="${fill}" opacity="0.4">${panes}</g>`;
}

function counter(ctx: BackdropContext): string {
  const { width: w, height: h, horizon } = ctx;
  const stone = ctx.cues.materials.includes('marble') || (ctx.cues.place === 'bathroom' && !ctx.cues.materials.includes('wood'));
  // A named marble or wood is the surface, in the podium's colour (a "pink marble" counter is pink).
  const named = ctx.cues.materials.includes('marble') || (ctx.cues.materials.includes('wood') && ctx.cues.place !== 'kitchen');
  const surface = named ? ctx.palette.podium : ctx.palette.groundFar;
  let grain = '';
  if (stone) {
    for (let i = 0; i < 6; i++) {
      const y = horizon + (h - horizon) * ctx.rng.next();
      grain += `<path d="M0 ${n(y)}C${n(w * 0.3)} ${n(y + ctx.rng.range(-30, 30))} ${n(w * 0.6)} ${n(y + ctx.rng.range(-30, 30))} ${w} ${n(y + ctx.rng.range(-20, 20))}" stroke="#9a9793" stroke-opacity="0.3" stroke-width="1.2" fill="none"/>`;
    }
  } else {
    for (let i = 0; i < 10; i++) {
      const y = horizon + (h - horizon) * ((i + ctx.rng.next()) / 10) ** 1.3;
      grain += `<path d="M0 ${n(y)}L${w} ${n(y + ctx.rng.range(-4, 4))}" stroke="${hex(darken(surface, 0.35))}" stroke-opacity="0.22" stroke-width="${n(1 + (y - horizon) / 120)}"/>`;
    }
  }
  return (
    ground(ctx, lighten(surface, 0.1), darken(surface, 0.12)) +
    grain +
    `<rect y="${n(horizon - 2)}" width="${w}" height="${n(3 * ctx.unit + 1)}" fill="#ffffff" opacity="0.45"/>`
  );
}

export function kitchen(ctx: BackdropContext): Backdrop {
  const { width: w, horizon } = ctx;
  const m = Math.min(w, ctx.height);
  const shelfY = horizon * 0.38;
  const shelfX = ctx.focusX > w / 2 ? w * 0.06 : w * 0.58;
  const shelfW = w * 0.36;
  let items = '';
  for (let i = 0; i < 3; i++) {
    const ix = shelfX + shelfW * (0.15 + i * 0.3);
    const ih = m * ctx.rng.range(0.06, 0.11);
    const iw = m * ctx.rng.range(0.04, 0.06);
    const c = hex(mix(ctx.rng.pick([ctx.palette.accent, ctx.palette.accent2, fromHex('#ffffff')]), ctx.palette.skyBottom, 0.25));
    items += `<rect x="${n(ix - iw / 2)}" y="${n(shelfY - ih)}" width="${n(iw)}" height="${n(ih)}" rx="${n(iw * 0.25)}" fill="${c}"/>`;
  }
  items += leaf(shelfX + shelfW * 0.92, shelfY, m * 0.09, -20, '#4f8a55') + leaf(shelfX + shelfW * 0.92, shelfY, m * 0.08, 25, '#3f7a45');
  return {
    back: [
      sky(ctx),
      tiles(ctx, 16, 0.5, true),
      windowLight(ctx),
      `<rect x="${n(shelfX)}" y="${n(shelfY)}" width="${n(shelfW)}" height="${n(m * 0.014)}" fill="${hex(darken(ctx.palette.groundFar, 0.1))}"/>`,
      items,
      counter(ctx),
      lightBeams(ctx, { x: 0, y: 0, width: w, height: ctx.height }, count(ctx, 2), ctx.palette.light, ctx.lightFromLeft, 0.16),
    ].join(''),
    front: '',
  };
}

export function bathroom(ctx: BackdropContext): Backdrop {
  const { width: w, horizon } = ctx;
  const m = Math.min(w, ctx.height);
  const mx = ctx.focusX > w / 2 ? w * 0.2 : w * 0.8;
  const mirror = `<circle cx="${n(mx)}" cy="${n(horizon * 0.42)}" r="${n(m * 0.16)}" fill="${linear(ctx.defs, ['#eef4f6', '#c9d6da'], {
    x1: 0,
    y1: 0,
    x2: 1,
    y2: 1,
  })}" stroke="${hex(ctx.palette.metal)}" stroke-width="${n(m * 0.008)}"/>`;
  const corner = ctx.focusX > w / 2 ? w * 0.04 : w * 0.96;
  const dir = ctx.focusX > w / 2 ? 1 : -1;
  const sprigs = [0, 1, 2]
    .map((k) =>
      sprig(
        corner,
        ctx.height * 1.01,
        m * (0.34 - k * 0.05),
        dir > 0 ? -80 + k * 25 : -100 - k * 25,
        '#5d7f6a',
        k === 1 ? '#8fb39c' : '#7fa88a',
      ),
    )
    .join('');
  return {
    back: [
      sky(ctx),
      tiles(ctx, 10, 1, false),
      mirror,
      counter(ctx),
      lightBeams(ctx, { x: 0, y: 0, width: w, height: ctx.height }, count(ctx, 3), ctx.palette.light, ctx.lightFromLeft, 0.18),
    ].join(''),
    front: ctx.palette.decor >= 0.5 ? sprigs : '',
  };
}

export function room(ctx: BackdropContext): Backdrop {
  const { width: w, height: h, horizon } = ctx;
  const m = Math.min(w, h);
  const windowX = ctx.lightFromLeft ? w * 0.06 : w * 0.94 - m * 0.3;
  const windowTop = horizon * 0.12;
  const ww = m * 0.3;
  const wh = horizon * 0.62;
  const skyFill = linear(ctx.defs, ctx.cues.time === 'night' ? ['#0d1433', '#2c3a70'] : ['#8ec5ec', '#e4f3fb']);
  const frame = hex(lighten(ctx.palette.skyBottom, 0.5));
  const windowMarkup =
    `<rect x="${n(windowX)}" y="${n(windowTop)}" width="${n(ww)}" height="${n(wh)}" fill="${skyFill}"/>` +
    `<path d="M${n(windowX + ww / 2)} ${n(windowTop)}V${n(windowTop + wh)}M${n(windowX)} ${n(windowTop + wh * 0.45)}H${n(windowX + ww)}" stroke="${frame}" stroke-width="${n(m * 0.012)}"/>` +
    `<rect x="${n(windowX)}" y="${n(windowTop)}" width="${n(ww)}" height="${n(wh)}" fill="none" stroke="${frame}" stroke-width="${n(m * 0.018)}"/>`;
  const artX = ctx.lightFromLeft ? w * 0.94 - m * 0.22 : w * 0.06;
  const artY = horizon * 0.2;
  const art =
    `<rect x="${n(artX)}" y="${n(artY)}" width="${n(m * 0.22)}" height="${n(m * 0.28)}" fill="#faf7f2" stroke="${hex(darken(ctx.palette.groundFar, 0.3))}" stroke-width="${n(m * 0.008)}"/>` +
    `<circle cx="${n(artX + m * 0.09)}" cy="${n(artY + m * 0.11)}" r="${n(m * 0.05)}" fill="${hex(ctx.palette.accent)}"/>` +
    `<rect x="${n(artX + m * 0.06)}" y="${n(artY + m * 0.16)}" width="${n(m * 0.12)}" height="${n(m * 0.07)}" rx="${n(m * 0.035)}" fill="${hex(ctx.palette.accent2)}"/>`;
  let planks = '';
  for (let i = 1; i < 8; i++) {
    const y = horizon + (h - horizon) * (i / 8) ** 1.4;
    planks += `<path d="M0 ${n(y)}H${w}" stroke="${hex(darken(ctx.palette.groundFar, 0.3))}" stroke-opacity="0.3" stroke-width="${n(1 + i * 0.2)}"/>`;
  }
  const plantX = ctx.lightFromLeft ? w * 0.9 : w * 0.1;
  const plant =
    [0, 1, 2, 3, 4, 5]
      .map((i) => leaf(plantX, horizon + h * 0.04, m * ctx.rng.range(0.14, 0.22), -60 + i * 24, i % 2 ? '#2f6f45' : '#3f8a55'))
      .join('') +
    `<path d="M${n(plantX - m * 0.05)} ${n(horizon)}L${n(plantX + m * 0.05)} ${n(horizon)}L${n(plantX + m * 0.04)} ${n(horizon + h * 0.08)}L${n(plantX - m * 0.04)} ${n(horizon + h * 0.08)}Z" fill="${hex(lighten(ctx.palette.skyBottom, 0.3))}"/>`;
  return {
    back: [
      sky(ctx),
      windowMarkup,
      art,
      ground(ctx),
      planks,
      lightBeams(ctx, { x: 0, y: windowTop, width: w, height: h - windowTop }, count(ctx, 3), ctx.palette.light, ctx.lightFromLeft, 0.2),
      ctx.palette.decor >= 0.5 && ctx.cues.object !== 'plant' ? plant : '',
      ctx.palette.dark ? bokeh(ctx, { x: 0, y: 0, width: w, height: horizon }, count(ctx, 8), [fromHex('#ffcf7a')], 0.3) : '',
    ].join(''),
    front: '',
  };
}
