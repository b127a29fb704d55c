import type { AdLayoutId, AdTextField } from '#contracts/ad-formats.ts';
import { freeRegions, type Side, type Stage } from './frame.ts';
import { area, bottom, inset, intersects, right, type Rect } from './geometry.ts';
import type { FitOptions, TextBlock } from './text-fit.ts';

/** Which font a text is set in: the kit's heading font (bold), its body font, or the body font in italic. */
export type TextRole = 'heading' | 'body' | 'quote';
/** Surface: the kit's first colour; text: the colour chosen to contrast with it (colors.ts). */
export type Paint = 'surface' | 'text';

export type ShapeKind = 'band' | 'card' | 'badge' | 'button' | 'stripe';

export interface Shape {
  kind: ShapeKind;
  rect: Rect;
  radius: number;
  fill: Paint;
}

export interface PlacedText {
  field: AdTextField | 'quote-mark';
  block: TextBlock;
  fill: Paint;
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** What a layout draws over the base, before the logo. */
export interface Composition {
  shapes: Shape[];
  texts: PlacedText[];
  /** Fields the layout draws that were given but found no room. */
  omitted: AdTextField[];
  /** Logo corners in order of preference, and its longer side as a fraction of the frame's short side. */
  logo: { corners: Corner[]; scale: number };
}

export interface LayoutContext {
  stage: Stage;
  /** The texts this layout draws that are not empty. */
  texts: Partial<Record<AdTextField, string>>;
  /** Whether the headline (or the first text) reads right to left: buttons and badges then sit on the left. */
  rtl: boolean;
  fit(text: string, role: TextRole, box: Rect, options: FitOptions): TextBlock | null;
}

type Build = (ctx: LayoutContext) => Composition;

/** Text sizes as fractions of the short side: [largest, smallest]. */
const SIZES = {
  headline: [0.085, 0.032],
  bannerHeadline: [0.1, 0.034],
  subline: [0.05, 0.024],
  cta: [0.045, 0.022],
  price: [0.11, 0.035],
  quote: [0.062, 0.026],
} as const;

function opts(ctx: LayoutContext, size: readonly [number, number], maxLines: number, extra: Partial<FitOptions> = {}): FitOptions {
  const u = ctx.stage.unit;
  return {
    maxSize: Math.round(size[0] * u),
    minSize: Math.max(10, Math.round(size[1] * u)),
    maxLines,
    align: 'start',
    valign: 'center',
    ...extra,
  };
}

/**
 * A panel for a layout's texts: on the first preferred side of the product with room (a band needs
 * `minHeight`, a column a third of the width), else on the side with the most room; never over the
 * product or in a safe zone. Bands span the width; cards keep a padding from every edge.
 */
function placePanel(ctx: LayoutContext, prefer: readonly Side[], height: number, card: boolean, only?: Side): Rect | null {
  // Where a card with its margins has no room (a product filling the frame), a band without them may.
  return (card ? panelIn(ctx, prefer, height, ctx.stage.pad, only) : null) ?? panelIn(ctx, prefer, height, 0, only);
}

function panelIn(ctx: LayoutContext, prefer: readonly Side[], height: number, margin: number, only?: Side): Rect | null {
  const { stage } = ctx;
  const regions = freeRegions(stage);
  const minHeight = stage.unit * 0.16;
  // A card's margin above and below shrinks in a low region (a tenth of it at most), so the card keeps the room.
  const verticalMargin = (side: Side) => Math.min(margin, Math.round(regions[side].height * 0.1));
  const shape = (side: Side): Rect => {
    const r = regions[side];
    const mv = verticalMargin(side);
    const h = Math.min(height, r.height - 2 * mv);
    const w = r.width - 2 * margin;
    if (side === 'top') return { x: r.x + margin, y: r.y + mv, width: w, height: h };
    if (side === 'bottom') return { x: r.x + margin, y: bottom(r) - mv - h, width: w, height: h };
    // A column beside the product: as tall as needed, at the bottom of the column when the layout prefers the bottom.
    const tall = Math.min(r.height - 2 * margin, height * 1.8);
    const y = prefer[0] === 'top' ? r.y + margin : bottom(r) - margin - tall;
    return { x: r.x + margin, y, width: w, height: tall };
  };
  const usable = (side: Side) => {
    const r = regions[side];
    return side === 'top' || side === 'bottom'
      ? r.height - 2 * verticalMargin(side) >= minHeight && r.width >= stage.width * 0.5
      : r.width - 2 * margin >= stage.width * 0.3;
  };
  const order: Side[] = only ? [only] : [...prefer, ...(['bottom', 'top', 'left', 'right'] as const).filter((s) => !prefer.includes(s))];
  // Without a side with room, the one that holds the most text: area, less for a column too narrow for words.
  const score = (side: Side) => {
    const r = shape(side);
    return area(r) * Math.min(1, r.width / (stage.width * 0.4));
  };
  const side = order.find(usable) ?? order.reduce((best, s) => (score(s) > score(best) ? s : best));
  const rect = shape(side);
  if (rect.width < stage.unit * 0.12 || rect.height < stage.unit * 0.07) return null;
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.floor(rect.width), height: Math.floor(rect.height) };
}

interface Item {
  field: AdTextField;
  role: TextRole;
  share: number;
  options: FitOptions;
}

/**
 * Texts stacked top to bottom in a box, each given a share of its height; a CTA is drawn as a button.
 * When one does not fit (a small panel beside a large product), the last of the others is dropped
 * and the rest tried again, so the headline keeps the room.
 */
function stack(ctx: LayoutContext, box: Rect, items: Item[], out: Composition, align: FitOptions['align'] = 'start'): void {
  let present = items.filter((i) => ctx.texts[i.field]);
  const dropped: AdTextField[] = [];
  for (;;) {
    const attempt: Composition = { ...out, shapes: [], texts: [], omitted: [] };
    const gap = Math.round(Math.min(ctx.stage.pad * 0.35, box.height * 0.06));
    const total = present.reduce((s, i) => s + i.share, 0);
    const usable = box.height - gap * Math.max(0, present.length - 1);
    let y = box.y;
    for (const item of present) {
      const h = Math.floor((usable * item.share) / total);
      const slot = { x: box.x, y, width: box.width, height: h };
      y += h + gap;
      if (item.field === 'cta') button(ctx, slot, attempt, align);
      else put(ctx, item, slot, attempt);
    }
    if (attempt.omitted.length === 0 || present.length <= 1) {
      out.shapes.push(...attempt.shapes);
      out.texts.push(...attempt.texts);
      out.omitted.push(...dropped, ...attempt.omitted);
      return;
    }
    dropped.push(present.at(-1)!.field);
    present = present.slice(0, -1);
  }
}

/** A panel's inner box: the stage's padding, less in a small panel. */
function innerOf(ctx: LayoutContext, panel: Rect): Rect {
  return inset(panel, Math.round(Math.min(ctx.stage.pad, panel.height * 0.12, panel.width * 0.06)));
}

function put(
  ctx: LayoutContext,
  item: Omit<Item, 'share'>,
  box: Rect,
  out: Composition,
  extra: Partial<FitOptions> = {},
  fill: Paint = 'text',
): void {
  const text = ctx.texts[item.field];
  if (!text) return;
  const block = ctx.fit(text, item.role, box, { ...item.options, ...extra });
  if (block) out.texts.push({ field: item.field, block, fill });
  else out.omitted.push(item.field);
}

/** The CTA: a rounded button in the text colour with its label in the surface colour, as wide as its label needs. */
function button(ctx: LayoutContext, slot: Rect, out: Composition, align: FitOptions['align']): void {
  const label = ctx.texts.cta;
  if (!label) return;
  const u = ctx.stage.unit;
  const h = Math.min(slot.height, Math.round(u * 0.11));
  const padX = Math.round(h * 0.45);
  const padY = Math.round(h * 0.22);
  const inner = { x: slot.x + padX, y: slot.y + (slot.height - h) / 2 + padY, width: slot.width - 2 * padX, height: h - 2 * padY };
  const block = ctx.fit(label, 'heading', inner, opts(ctx, SIZES.cta, 1, { align: 'center' }));
  if (!block) {
    out.omitted.push('cta');
    return;
  }
  const w = Math.min(slot.width, block.rect.width + 2 * padX);
  const x = align === 'center' ? slot.x + (slot.width - w) / 2 : (align === 'start') !== ctx.rtl ? slot.x : right(slot) - w;
  const rect = { x: Math.round(x), y: Math.round(slot.y + (slot.height - h) / 2), width: Math.round(w), height: h };
  const shift = rect.x + rect.width / 2 - (block.rect.x + block.rect.width / 2);
  const moved = shiftBlock(block, Math.round(shift));
  out.shapes.push({ kind: 'button', rect, radius: h / 2, fill: 'text' });
  out.texts.push({ field: 'cta', block: moved, fill: 'surface' });
}

function shiftBlock(block: TextBlock, dx: number): TextBlock {
  return { ...block, lines: block.lines.map((l) => ({ ...l, x: l.x + dx })), rect: { ...block.rect, x: block.rect.x + dx } };
}

function empty(corners: Corner[], scale = 0.15): Composition {
  return { shapes: [], texts: [], omitted: [], logo: { corners, scale } };
}

/** A band or card holding headline, subline and CTA: side by side when wide, stacked when not. */
function bandContent(ctx: LayoutContext, panel: Rect, out: Composition, headline: readonly [number, number]): void {
  const inner = innerOf(ctx, panel);
  const wide = inner.width >= inner.height * 2.4;
  const items: Item[] = [
    { field: 'headline', role: 'heading', share: 3, options: opts(ctx, headline, 3) },
    { field: 'subline', role: 'body', share: 2, options: opts(ctx, SIZES.subline, 2) },
  ];
  if (wide && ctx.texts.cta) {
    const bw = Math.round(inner.width * 0.32);
    const gap = ctx.stage.pad;
    const buttonSlot = { x: ctx.rtl ? inner.x : right(inner) - bw, y: inner.y, width: bw, height: inner.height };
    const column = { x: ctx.rtl ? inner.x + bw + gap : inner.x, y: inner.y, width: inner.width - bw - gap, height: inner.height };
    stack(ctx, column, items, out);
    button(ctx, buttonSlot, out, 'center');
  } else {
    stack(ctx, inner, [...items, { field: 'cta', role: 'heading', share: 1.6, options: opts(ctx, SIZES.cta, 1) }], out);
  }
}

const bottomBar: Build = (ctx) => {
  const out = empty(['top-left', 'top-right', 'bottom-left', 'bottom-right']);
  // No text to show: no empty band or card either (the logo still goes in its corner).
  if (presentFields(ctx).length === 0) return out;
  const panel = placePanel(ctx, ['bottom', 'top'], Math.round(ctx.stage.unit * 0.3), false);
  if (!panel) return { ...out, omitted: presentFields(ctx) };
  out.shapes.push({ kind: 'band', rect: panel, radius: 0, fill: 'surface' });
  bandContent(ctx, panel, out, SIZES.headline);
  return out;
};

const saleBanner: Build = (ctx) => {
  const out = empty(['bottom-right', 'bottom-left', 'top-right', 'top-left']);
  // No text to show: no empty band or card either (the logo still goes in its corner).
  if (presentFields(ctx).length === 0) return out;
  const panel = placePanel(ctx, ['top', 'bottom'], Math.round(ctx.stage.unit * 0.28), false);
  if (!panel) return { ...out, omitted: presentFields(ctx) };
  out.shapes.push({ kind: 'band', rect: panel, radius: 0, fill: 'surface' });
  // A stripe in the text colour along the band's inner edge.
  const stripe = Math.max(2, Math.round(ctx.stage.unit * 0.012));
  const atTop = panel.y > ctx.stage.content.y;
  out.shapes.push({
    kind: 'stripe',
    rect: { x: panel.x, y: atTop ? panel.y : bottom(panel) - stripe, width: panel.width, height: stripe },
    radius: 0,
    fill: 'text',
  });
  bandContent(ctx, panel, out, SIZES.bannerHeadline);
  return out;
};

const priceBadge: Build = (ctx) => {
  const out = empty(['top-left', 'bottom-left', 'top-right', 'bottom-right']);
  const { stage } = ctx;
  const panel = ctx.texts.headline ? placePanel(ctx, ['bottom', 'top'], Math.round(stage.unit * 0.22), false) : null;
  if (panel) {
    out.shapes.push({ kind: 'band', rect: panel, radius: 0, fill: 'surface' });
    put(ctx, { field: 'headline', role: 'heading', options: opts(ctx, SIZES.headline, 2) }, innerOf(ctx, panel), out);
  } else if (ctx.texts.headline) out.omitted.push('headline');
  if (!ctx.texts.price) return out;
  const taken = [...(panel ? [panel] : []), ...(stage.product ? [stage.product] : [])];
  const c = stage.content;
  for (const scale of [0.28, 0.22, 0.17]) {
    const d = Math.round(stage.unit * scale);
    const spots = [
      { x: right(c) - stage.pad - d, y: c.y + stage.pad },
      { x: c.x + stage.pad, y: c.y + stage.pad },
      { x: right(c) - stage.pad - d, y: bottom(c) - stage.pad - d },
      { x: c.x + stage.pad, y: bottom(c) - stage.pad - d },
    ];
    if (ctx.rtl) [spots[0], spots[1], spots[2], spots[3]] = [spots[1]!, spots[0]!, spots[3]!, spots[2]!];
    for (const spot of spots) {
      const rect = { ...spot, width: d, height: d };
      if (rect.y < c.y || bottom(rect) > bottom(c) || taken.some((t) => intersects(t, rect))) continue;
      // The price inside the circle's inscribed square.
      const side = Math.floor(d * 0.68);
      const box = { x: rect.x + Math.ceil((d - side) / 2), y: rect.y + Math.ceil((d - side) / 2), width: side, height: side };
      const block = ctx.fit(
        ctx.texts.price,
        'heading',
        box,
        opts(ctx, SIZES.price, 2, { align: 'center', maxSize: Math.round(side * 0.42) }),
      );
      if (!block) continue;
      out.shapes.push({ kind: 'badge', rect, radius: d / 2, fill: 'surface' });
      out.texts.push({ field: 'price', block, fill: 'text' });
      // The logo goes to a corner the badge leaves free.
      return out;
    }
  }
  out.omitted.push('price');
  return out;
};

const quote: Build = (ctx) => {
  const out = empty(['top-left', 'top-right', 'bottom-left', 'bottom-right']);
  // No text to show: no empty band or card either (the logo still goes in its corner).
  if (presentFields(ctx).length === 0) return out;
  const { stage } = ctx;
  const panel = placePanel(ctx, ['bottom', 'top'], Math.round(stage.unit * 0.46), true);
  if (!panel) return { ...out, omitted: presentFields(ctx) };
  out.shapes.push({ kind: 'card', rect: panel, radius: Math.round(stage.unit * 0.03), fill: 'surface' });
  const inner = innerOf(ctx, panel);
  // Large opening quote marks in the corner of the card, the quote beside and below them.
  const markSize = Math.min(Math.round(stage.unit * 0.1), Math.floor(inner.height * 0.35));
  const markBox = { x: ctx.rtl ? right(inner) - markSize : inner.x, y: inner.y, width: markSize, height: markSize };
  const mark = ctx.fit(ctx.rtl ? '\u201D' : '\u201C', 'heading', markBox, {
    maxSize: Math.round(markSize * 2.5),
    minSize: Math.max(10, Math.round(markSize * 0.5)),
    maxLines: 1,
    align: 'start',
    valign: 'top',
    inkOnly: true,
  });
  if (mark) out.texts.push({ field: 'quote-mark', block: mark, fill: 'text' });
  const gap = Math.round(stage.pad * 0.4);
  const below = { x: inner.x, y: inner.y + markSize + gap, width: inner.width, height: inner.height - markSize - gap };
  stack(
    ctx,
    below,
    [
      { field: 'headline', role: 'quote', share: 4, options: opts(ctx, SIZES.quote, 5, { lineHeight: 1.25 }) },
      { field: 'subline', role: 'body', share: 1.2, options: opts(ctx, SIZES.subline, 1, { align: 'end' }) },
    ],
    out,
  );
  // The subline (who said it) sits at the end side.
  return out;
};

const logoCorner: Build = () => empty(['top-left', 'top-right', 'bottom-right', 'bottom-left'], 0.18);

/** A tall card in the lower part of the content area (above a story's bottom safe zone): every text, centred. */
const story: Build = (ctx) => {
  const out = empty(['top-left', 'top-right', 'bottom-left', 'bottom-right']);
  // No text to show: no empty band or card either (the logo still goes in its corner).
  if (presentFields(ctx).length === 0) return out;
  const { stage } = ctx;
  const height = Math.round(Math.min(stage.content.height * 0.46, stage.unit * 0.62));
  const panel = placePanel(ctx, ['bottom', 'top'], height, true);
  if (!panel) return { ...out, omitted: presentFields(ctx) };
  const radius = Math.round(stage.unit * 0.035);
  out.shapes.push({ kind: 'card', rect: panel, radius, fill: 'surface' });
  const items: Item[] = [
    { field: 'headline', role: 'heading', share: 3, options: opts(ctx, SIZES.headline, 3, { align: 'center' }) },
    { field: 'subline', role: 'body', share: 1.8, options: opts(ctx, SIZES.subline, 2, { align: 'center' }) },
    {
      field: 'price',
      role: 'heading',
      share: 1.8,
      options: opts(ctx, SIZES.price, 1, { align: 'center', maxSize: Math.round(stage.unit * 0.09) }),
    },
    { field: 'cta', role: 'heading', share: 1.6, options: opts(ctx, SIZES.cta, 1) },
  ];
  stack(ctx, innerOf(ctx, panel), items, out, 'center');
  // A product in the middle leaves room above and below it: what found no room in one card goes to a second on the other side.
  const product = stage.product;
  const otherSide = !product ? null : panel.y >= bottom(product) ? 'top' : bottom(panel) <= product.y ? 'bottom' : null;
  const rest: AdTextField[] = out.omitted.filter((f) => f !== 'headline');
  const second = otherSide && rest.length > 0 ? placePanel(ctx, [otherSide], height, true, otherSide) : null;
  if (second) {
    out.omitted = out.omitted.filter((f) => !rest.includes(f));
    out.shapes.push({ kind: 'card', rect: second, radius, fill: 'surface' });
    stack(
      ctx,
      innerOf(ctx, second),
      items.filter((i) => rest.includes(i.field)),
      out,
      'center',
    );
  }
  return out;
};

function presentFields(ctx: LayoutContext): AdTextField[] {
  return (Object.keys(ctx.texts) as AdTextField[]).filter((f) => ctx.texts[f]);
}

export const layoutBuilders: Record<AdLayoutId, Build> = {
  'bottom-bar': bottomBar,
  'price-badge': priceBadge,
  'sale-banner': saleBanner,
  quote,
  'logo-corner': logoCorner,
  story,
};
