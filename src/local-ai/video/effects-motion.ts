/** Effects that are mostly the product's own motion: squash, spin, swell, press, flex, grow, shrink, sway. */
import {
  brightnessPass,
  drift,
  easeInOut,
  easeOutBack,
  particles,
  phase,
  place,
  recipe,
  rgb,
  sparkle,
  tintPass,
  white,
} from './effect-kit.ts';

/** Jelly: squashes and stretches, keeping its volume, settling down. */
export const squishIt = recipe({
  backdrop: { tint: rgb(253, 230, 242), tintAlpha: 0.45, brightness: 1.05 },
  setup: (rng) => ({ wobbles: rng.int(3, 4) }),
  draw: ({ canvas, sprite, t, rest }, s) => {
    const squash = Math.sin(t * Math.PI * 2 * s.wobbles) * 0.28 * (1 - t * 0.5);
    const sy = 1 - squash;
    const sx = 1 / Math.max(0.4, sy);
    // Anchored on the floor: squashing lowers the top, not the bottom.
    const y = rest.y + (sprite.height * (1 - sy)) / 2;
    canvas.drawSprite(sprite, place(rest, { y, scaleX: sx, scaleY: sy }));
  },
});

/** Turntable: spins on its vertical axis (the far side mirrored and darker). */
export const rotateIt = recipe({
  backdrop: { tint: rgb(226, 232, 240), tintAlpha: 0.55, brightness: 1 },
  setup: (rng) => ({ turns: rng.pick([1, 1.5]) }),
  draw: ({ canvas, sprite, t, rest }, s) => {
    const angle = easeInOut(t) * Math.PI * 2 * s.turns;
    const sx = Math.cos(angle);
    const shade = 0.7 + 0.3 * Math.abs(sx);
    canvas.glow(rest.x, rest.y + sprite.height * 0.48, sprite.width * 0.5, rgb(0, 0, 0), 0.25);
    canvas.drawSprite(sprite, place(rest, { scaleX: Math.sign(sx || 1) * Math.max(0.04, Math.abs(sx)) }), {
      colour: brightnessPass(sx < 0 ? shade * 0.85 : shade),
    });
  },
});

/** Balloon: swells with a wobble and floats up, with a shine. */
export const inflateIt = recipe({
  backdrop: { tint: rgb(224, 242, 254), tintAlpha: 0.5, brightness: 1.08 },
  setup: () => ({}),
  draw: ({ canvas, sprite, t, rest, time }) => {
    const grow = 1 + easeInOut(phase(t, 0, 0.7)) * 0.45;
    const wobble = Math.sin(time * 9) * 0.04 * grow;
    const lift = easeInOut(phase(t, 0.55, 1)) * rest.y * 0.35;
    canvas.drawSprite(sprite, place(rest, { y: rest.y - lift, scaleX: grow + wobble, scaleY: grow - wobble }), {
      colour: (r, g, b, out, u, v) => {
        const shine = Math.max(0, 1 - Math.hypot(u - 0.35, v - 0.3) * 3) * 0.5 * phase(t, 0, 0.5);
        out.r = r + (255 - r) * shine;
        out.g = g + (255 - g) * shine;
        out.b = b + (255 - b) * shine;
      },
    });
  },
});

/** Hydraulic press: a plate comes down and flattens it; cracks and dust. */
export const crushIt = recipe({
  backdrop: { tint: rgb(71, 85, 105), tintAlpha: 0.55, brightness: 0.85 },
  setup: (rng, size) => ({ dust: particles(rng, 26, size, [60, -40]) }),
  draw: ({ canvas, sprite, t, rest, width, time }, s) => {
    const floor = rest.y + sprite.height / 2;
    const press = easeInOut(phase(t, 0.15, 0.65));
    const sy = 1 - press * 0.72;
    const sx = 1 + press * 0.35;
    const top = floor - sprite.height * sy;
    const plateY = phase(t, 0, 0.15) < 1 ? -40 + (top + 40) * easeInOut(phase(t, 0, 0.15)) : top;
    canvas.drawSprite(sprite, place(rest, { y: floor - (sprite.height * sy) / 2, scaleX: sx, scaleY: sy }), {
      colour: brightnessPass(1 - press * 0.15),
    });
    canvas.rect(0, plateY - 60, width, 60, rgb(100, 116, 139));
    canvas.rect(0, plateY - 8, width, 8, rgb(51, 65, 85));
    if (press > 0.9)
      for (const p of s.dust) {
        const at = drift(p, time, { width, height: floor });
        canvas.disc(at.x, floor - Math.abs(at.y - floor) * 0.2, 2.5 * p.size, rgb(203, 213, 225), 0.6);
      }
  },
});

/** Flexing: pumps up in beats with a warm glow and a shake. */
export const muscleMe = recipe({
  backdrop: { tint: rgb(254, 215, 170), tintAlpha: 0.45, brightness: 0.95 },
  setup: (rng) => ({ beats: rng.int(3, 4) }),
  draw: ({ canvas, sprite, t, rest, time }, s) => {
    const beat = Math.max(0, Math.sin(t * Math.PI * 2 * s.beats)) ** 2;
    const shake = Math.sin(time * 60) * beat * 3;
    canvas.glow(rest.x, rest.y, sprite.width * (0.6 + beat * 0.2), rgb(251, 146, 60), 0.35 * beat);
    canvas.drawSprite(sprite, place(rest, { x: rest.x + shake, scaleX: 1 + beat * 0.22, scaleY: 1 + beat * 0.08 }), {
      colour: tintPass(rgb(234, 88, 12), beat * 0.18),
    });
  },
});

/** Giant in the jungle (the spec's jumbo_me): grows huge among swaying leaves. */
export const jungleMe = recipe({
  backdrop: { tint: rgb(21, 128, 61), tintAlpha: 0.6, brightness: 0.8 },
  setup: (rng, size) => ({ leaves: particles(rng, 18, size, [25, 45]) }),
  draw: ({ canvas, sprite, t, rest, width, height, time }, s) => {
    const grow = 0.55 + easeOutBack(phase(t, 0.05, 0.75)) * 0.75;
    const floor = rest.y + sprite.height / 2;
    canvas.drawSprite(sprite, place(rest, { y: floor - (sprite.height * grow) / 2, scaleX: grow, scaleY: grow }));
    for (const [i, leaf] of s.leaves.entries()) {
      const at = drift(leaf, time, { width, height });
      const sway = Math.sin(time * 3 + leaf.phase * 6) * 10;
      const shade = i % 2 === 0 ? rgb(22, 163, 74) : rgb(74, 222, 128);
      canvas.line(at.x + sway - 9 * leaf.size, at.y, at.x + sway + 9 * leaf.size, at.y + 6 * leaf.size, 7 * leaf.size, shade, 0.9);
    }
  },
});

/** Baby: shrinks small and cute, hops, pastel bubbles. */
export const babyMe = recipe({
  backdrop: { tint: rgb(252, 231, 243), tintAlpha: 0.7, brightness: 1.1 },
  setup: (rng, size) => ({ bubbles: particles(rng, 16, size, [15, -50]) }),
  draw: ({ canvas, sprite, t, rest, width, height, time }, s) => {
    const small = 1 - easeInOut(phase(t, 0, 0.4)) * 0.42;
    const hop = Math.abs(Math.sin(time * 5)) * sprite.height * 0.12 * phase(t, 0.3, 0.45);
    const floor = rest.y + sprite.height / 2;
    for (const b of s.bubbles) {
      const at = drift(b, time, { width, height });
      canvas.disc(at.x, at.y, 7 * b.size, b.phase > 0.5 ? rgb(191, 219, 254) : rgb(251, 207, 232), 0.55);
    }
    canvas.drawSprite(sprite, place(rest, { y: floor - (sprite.height * small) / 2 - hop, scaleX: small, scaleY: small }), {
      colour: tintPass(rgb(255, 228, 240), 0.15),
    });
    sparkle(canvas, rest.x + sprite.width * 0.3 * small, rest.y - sprite.height * 0.35 * small - hop, 8, white, 0.8);
  },
});

/** Pirate: sways on rolling waves under a stormy sky. */
export const pirateMe = recipe({
  backdrop: { tint: rgb(30, 64, 110), tintAlpha: 0.65, brightness: 0.8 },
  setup: () => ({}),
  draw: ({ canvas, sprite, rest, width, height, time }) => {
    const roll = Math.sin(time * 2.4) * 0.16;
    const bob = Math.sin(time * 2.4 + 1) * height * 0.03;
    canvas.drawSprite(sprite, place(rest, { y: rest.y + bob, rotation: roll }));
    const sea = rgb(37, 99, 235);
    for (let x = 0; x < width; x += 4) {
      const crest = height * 0.8 + Math.sin(x / 38 + time * 3) * 10 + Math.sin(x / 17 - time * 2) * 4;
      canvas.rect(x, crest, 4, height - crest, sea, 0.85);
      canvas.rect(x, crest, 4, 3, rgb(219, 234, 254), 0.8);
    }
  },
});
