/** Effects that stage the product: cut like a cake, sliced by a blade, painted, hung in a museum. */
import type { Placement } from './canvas.ts';
import { easeInOut, phase, place, recipe, rgb, white } from './effect-kit.ts';

/** Cakeify: a knife slices it; the halves part and show sponge and cream layers inside. */
export const cakeifyIt = recipe({
  backdrop: { tint: rgb(254, 243, 199), tintAlpha: 0.6, brightness: 1.05 },
  setup: (rng) => ({ cut: rng.range(0.45, 0.55) }),
  draw: ({ canvas, sprite, t, rest }, s) => {
    const knife = easeInOut(phase(t, 0.1, 0.4));
    const open = easeInOut(phase(t, 0.45, 0.8)) * sprite.width * 0.16;
    const cutX = rest.x + (s.cut - 0.5) * sprite.width;
    if (open > 1) {
      // The inside: sponge and cream layers between the halves.
      const top = rest.y - sprite.height * 0.4;
      const layers = 6;
      for (let i = 0; i < layers; i++) {
        const colour = i % 2 === 0 ? rgb(251, 191, 36) : rgb(255, 251, 235);
        canvas.rect(cutX - open, top + (i * sprite.height * 0.8) / layers, open * 2, (sprite.height * 0.8) / layers, colour);
      }
    }
    canvas.drawSprite(sprite, place(rest, { x: rest.x - open }), { mask: (u) => u < s.cut });
    canvas.drawSprite(sprite, place(rest, { x: rest.x + open }), { mask: (u) => u >= s.cut });
    if (knife > 0 && knife < 1) {
      const y = rest.y - sprite.height * 0.7 + knife * sprite.height * 1.2;
      canvas.rect(cutX - 2, y - sprite.height * 0.5, 4, sprite.height * 0.5, rgb(203, 213, 225));
      canvas.rect(cutX - 5, y - sprite.height * 0.7, 10, sprite.height * 0.2, rgb(120, 53, 15));
    }
  },
});

/** Samurai: a diagonal blade flash, then the two halves slide apart along the cut. */
export const samuraiMe = recipe({
  backdrop: { tint: rgb(24, 24, 27), tintAlpha: 0.55, brightness: 0.8 },
  setup: (rng) => ({ tilt: rng.range(0.35, 0.6) }),
  draw: ({ canvas, sprite, t, rest, width, height }, s) => {
    const strike = phase(t, 0.2, 0.3);
    const apart = easeInOut(phase(t, 0.35, 0.85)) * sprite.width * 0.18;
    // The cut runs through the centre: above it goes up-left, below it down-right.
    const above = (u: number, v: number) => v - 0.5 < (u - 0.5) * -s.tilt;
    const along = { x: Math.cos(Math.atan(-s.tilt)), y: Math.sin(Math.atan(-s.tilt)) };
    const upper: Placement = place(rest, { x: rest.x - along.x * apart, y: rest.y - along.y * apart - apart * 0.3 });
    const lower: Placement = place(rest, { x: rest.x + along.x * apart, y: rest.y + along.y * apart + apart * 0.3 });
    canvas.drawSprite(sprite, upper, { mask: above });
    canvas.drawSprite(sprite, lower, { mask: (u, v) => !above(u, v) });
    if (strike > 0 && strike < 1) {
      const reach = width * 1.2 * strike;
      canvas.line(0, height / 2 + (width / 2) * s.tilt, reach, height / 2 + (width / 2 - reach) * s.tilt, 10, rgb(226, 232, 240), 0.6);
      canvas.line(0, height / 2 + (width / 2) * s.tilt, reach, height / 2 + (width / 2 - reach) * s.tilt, 3, white, 1);
    }
    if (strike >= 1) canvas.wash(white, Math.max(0, 0.5 - (t - 0.3) * 3));
  },
});

/** Mona: an old-master portrait, sepia and posterised paint, in a gilded frame, with a slow push in. */
export const monaMe = recipe({
  backdrop: { tint: rgb(120, 90, 50), tintAlpha: 0.7, brightness: 0.8 },
  setup: () => ({}),
  draw: ({ canvas, sprite, t, rest, width, height }) => {
    const zoom = 1 + easeInOut(t) * 0.08;
    const paint = easeInOut(phase(t, 0, 0.35));
    canvas.drawSprite(sprite, place(rest, { scaleX: zoom, scaleY: zoom }), {
      colour: (r, g, b, out) => {
        const y = 0.3 * r + 0.59 * g + 0.11 * b;
        // Sepia, then fewer tones, like brush strokes.
        const sr = Math.round(Math.min(255, y * 1.07 + 30) / 32) * 32;
        const sg = Math.round(Math.min(255, y * 0.95 + 12) / 32) * 32;
        const sb = Math.round(Math.min(255, y * 0.7) / 32) * 32;
        out.r = r + (sr - r) * paint;
        out.g = g + (sg - g) * paint;
        out.b = b + (sb - b) * paint;
      },
    });
    const gold = rgb(180, 134, 11);
    const edge = Math.round(Math.min(width, height) * 0.06);
    canvas.rect(0, 0, width, edge, gold);
    canvas.rect(0, height - edge, width, edge, gold);
    canvas.rect(0, 0, edge, height, gold);
    canvas.rect(width - edge, 0, edge, height, gold);
    canvas.rect(edge - 3, edge - 3, width - 2 * edge + 6, 3, rgb(120, 83, 9));
  },
});

/** Museum: hung on a gallery wall in a frame under a spotlight, the camera slowly walking closer. */
export const museumMe = recipe({
  backdrop: { tint: rgb(231, 229, 228), tintAlpha: 0.9, brightness: 0.92 },
  setup: () => ({}),
  draw: ({ canvas, sprite, t, rest, width, height }) => {
    const zoom = 0.78 + easeInOut(t) * 0.2;
    const w = sprite.width * zoom;
    const h = sprite.height * zoom;
    const y = rest.y - height * 0.04;
    canvas.glow(rest.x, y - h * 0.6, Math.max(w, h), rgb(255, 247, 237), 0.55);
    const frame = Math.max(6, Math.round(w * 0.07));
    canvas.rect(rest.x - w / 2 - frame, y - h / 2 - frame, w + frame * 2, h + frame * 2, rgb(68, 64, 60));
    canvas.rect(rest.x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, rgb(250, 250, 249));
    canvas.drawSprite(sprite, place(rest, { y, scaleX: zoom, scaleY: zoom }));
    canvas.rect(rest.x - w * 0.2, y + h / 2 + frame + height * 0.04, w * 0.4, height * 0.03, rgb(250, 250, 249));
    canvas.rect(0, height * 0.9, width, height * 0.1, rgb(120, 113, 108));
  },
});
