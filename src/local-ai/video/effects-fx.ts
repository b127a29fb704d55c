/** Effects that are mostly light, colour and particles around the product. */
import { brightnessPass, drift, easeInOut, particles, phase, place, recipe, rgb, sparkle, tintPass, white } from './effect-kit.ts';

/** Decay: drains of colour, then crumbles to dust from the top down. */
export const decayIt = recipe({
  backdrop: { tint: rgb(68, 64, 60), tintAlpha: 0.6, brightness: 0.75 },
  setup: (rng, size) => ({ dust: particles(rng, 60, size, [30, 70]), salt: rng.int(1, 1_000_000) }),
  draw: ({ canvas, sprite, t, rest, width, height, time }, s) => {
    const grey = easeInOut(phase(t, 0, 0.45));
    const crumble = phase(t, 0.35, 1);
    canvas.drawSprite(sprite, rest, {
      colour: (r, g, b, out) => {
        const y = 0.3 * r + 0.59 * g + 0.11 * b;
        out.r = (r + (y * 0.9 + 20 - r) * grey) * (1 - grey * 0.25);
        out.g = (g + (y * 0.85 + 12 - g) * grey) * (1 - grey * 0.25);
        out.b = (b + (y * 0.7 - b) * grey) * (1 - grey * 0.25);
      },
      // Grains vanish top first, in a grainy, seeded order.
      mask: (u, v) => {
        const cell = Math.imul(Math.floor(u * 90), 73_856_093) ^ Math.imul(Math.floor(v * 90), 19_349_663) ^ s.salt;
        const grain = ((Math.imul(cell ^ (cell >>> 13), 1_274_126_177) >>> 0) % 1000) / 1000;
        return grain * 0.35 + (1 - v) * 0.65 >= crumble * 1.05;
      },
    });
    for (const p of s.dust) {
      const at = drift(p, time, { width, height });
      canvas.disc(at.x, at.y, 1.8 * p.size, rgb(168, 162, 158), 0.7 * crumble);
    }
  },
});

/** Zap: electric arcs, flashes and a jolt. */
export const zapMe = recipe({
  backdrop: { tint: rgb(30, 27, 75), tintAlpha: 0.7, brightness: 0.7 },
  setup: (rng) => ({ bolts: Array.from({ length: 40 }, () => Array.from({ length: 7 }, () => rng.range(-1, 1))) }),
  draw: ({ canvas, sprite, rest, time, width, height }, s) => {
    const tick = Math.floor(time * 12);
    const flash = tick % 7 === 0 ? 0.45 : 0;
    const jolt = tick % 7 === 0 ? 6 : 0;
    canvas.wash(rgb(165, 180, 252), flash);
    canvas.glow(rest.x, rest.y, sprite.width * 0.8, rgb(129, 140, 248), 0.45);
    canvas.drawSprite(sprite, place(rest, { x: rest.x + jolt }), { colour: tintPass(rgb(199, 210, 254), flash) });
    for (let b = 0; b < 3; b++) {
      const jag = s.bolts[(tick + b * 5) % s.bolts.length]!;
      let x = rest.x + jag[0]! * sprite.width * 0.6;
      let y = 0;
      for (const step of jag) {
        const nx = x + step * width * 0.08;
        const ny = y + height / jag.length;
        canvas.line(x, y, nx, ny, 5, rgb(224, 231, 255), 0.35);
        canvas.line(x, y, nx, ny, 2, white, 0.95);
        x = nx;
        y = ny;
      }
    }
  },
});

/** Gun shoot: kicks back with each shot, muzzle flash and sparks. */
export const gunShoot = recipe({
  backdrop: { tint: rgb(41, 37, 36), tintAlpha: 0.6, brightness: 0.7 },
  setup: (rng) => ({ sparks: Array.from({ length: 14 }, () => ({ angle: rng.range(-0.7, 0.7), speed: rng.range(150, 320) })) }),
  draw: ({ canvas, sprite, rest, time }, s) => {
    const period = 0.5;
    const since = time % period;
    const kick = Math.exp(-since * 14) * sprite.width * 0.12;
    const muzzleX = rest.x + sprite.width * 0.55 - kick;
    canvas.drawSprite(sprite, place(rest, { x: rest.x - kick, rotation: -kick / sprite.width / 2 }));
    if (since < 0.1) {
      canvas.glow(muzzleX + 20, rest.y, 60, rgb(253, 186, 116), 0.9);
      canvas.disc(muzzleX + 12, rest.y, 12, rgb(254, 240, 138), 0.95);
    }
    for (const spark of s.sparks) {
      const d = since * spark.speed;
      if (since > 0.35) continue;
      canvas.line(
        muzzleX + Math.cos(spark.angle) * d,
        rest.y + Math.sin(spark.angle) * d,
        muzzleX + Math.cos(spark.angle) * (d + 10),
        rest.y + Math.sin(spark.angle) * (d + 10),
        2,
        rgb(251, 191, 36),
        1 - since * 2.5,
      );
    }
  },
});

/** Warrior: battle-red glow, embers rising, a heavy shake. */
export const warriorMe = recipe({
  backdrop: { tint: rgb(127, 29, 29), tintAlpha: 0.65, brightness: 0.75 },
  setup: (rng, size) => ({ embers: particles(rng, 40, size, [20, -90]) }),
  draw: ({ canvas, sprite, rest, t, time, width, height }, s) => {
    const fury = phase(t, 0, 0.4);
    const shake = Math.sin(time * 47) * 5 * fury;
    canvas.glow(rest.x, rest.y, sprite.width * 0.9, rgb(239, 68, 68), 0.5 * fury);
    canvas.drawSprite(
      sprite,
      place(rest, { x: rest.x + shake, y: rest.y + Math.cos(time * 39) * 3 * fury, scaleX: 1 + fury * 0.1, scaleY: 1 + fury * 0.1 }),
      {
        colour: tintPass(rgb(220, 38, 38), 0.22 * fury),
      },
    );
    for (const e of s.embers) {
      const at = drift(e, time, { width, height });
      canvas.disc(at.x, at.y, 2.2 * e.size, rgb(251, 146, 60), 0.85);
    }
  },
});

/** Assassin: darkness, a stalking sidestep and red slash streaks. */
export const assassinMe = recipe({
  backdrop: { tint: rgb(15, 15, 20), tintAlpha: 0.8, brightness: 0.5 },
  setup: (rng) => ({ slashes: Array.from({ length: 4 }, (_, i) => ({ at: 0.15 + i * 0.2, tilt: rng.range(-0.6, 0.6) })) }),
  draw: ({ canvas, sprite, rest, t, width }, s) => {
    const step = Math.sin(t * Math.PI * 2) * sprite.width * 0.12;
    canvas.drawSprite(sprite, place(rest, { x: rest.x + step }), { colour: brightnessPass(0.65) });
    for (const slash of s.slashes) {
      const k = phase(t, slash.at, slash.at + 0.12);
      if (k <= 0 || k >= 1) continue;
      const len = width * 0.9 * easeInOut(k);
      const y = rest.y + slash.tilt * sprite.height * 0.4;
      canvas.line(
        width * 0.05,
        y - len * slash.tilt * 0.3,
        width * 0.05 + len,
        y + len * slash.tilt * 0.3,
        7,
        rgb(220, 38, 38),
        0.9 * (1 - k),
      );
      canvas.line(width * 0.05, y - len * slash.tilt * 0.3, width * 0.05 + len, y + len * slash.tilt * 0.3, 2, white, 1 - k);
    }
  },
});

/** VIP: gold shimmer sweeping across under a spotlight. */
export const vipMe = recipe({
  backdrop: { tint: rgb(28, 25, 23), tintAlpha: 0.75, brightness: 0.6 },
  setup: (rng, size) => ({ glints: particles(rng, 14, size, [0, 0]) }),
  draw: ({ canvas, sprite, rest, t, time, width, height }, s) => {
    canvas.glow(rest.x, rest.y, sprite.width * 1.1, rgb(253, 224, 71), 0.35);
    const sweep = (t * 1.6) % 1;
    canvas.drawSprite(sprite, place(rest, { scaleX: 1.04, scaleY: 1.04 }), {
      colour: (r, g, b, out, u, v) => {
        const band = Math.max(0, 1 - Math.abs(u + v * 0.5 - sweep * 2) * 5);
        out.r = Math.min(255, r * 0.85 + 40 + band * 120);
        out.g = Math.min(255, g * 0.8 + 28 + band * 100);
        out.b = b * 0.6 + band * 40;
      },
    });
    for (const g of s.glints) {
      const twinkle = Math.max(0, Math.sin(time * 6 + g.phase * 20));
      const x = rest.x + (g.x / width - 0.5) * sprite.width * 1.4;
      sparkle(canvas, x, rest.y + (g.y / height - 0.5) * sprite.height * 1.3, 7 * g.size, rgb(254, 240, 138), twinkle);
    }
  },
});

/** Princess: pink glow, a sparkling crown and a rain of glitter. */
export const princessMe = recipe({
  backdrop: { tint: rgb(249, 168, 212), tintAlpha: 0.6, brightness: 1.05 },
  setup: (rng, size) => ({ glitter: particles(rng, 36, size, [12, 55]) }),
  draw: ({ canvas, sprite, rest, t, time, width, height }, s) => {
    canvas.glow(rest.x, rest.y, sprite.width * 0.95, rgb(244, 114, 182), 0.5);
    canvas.drawSprite(sprite, place(rest, { y: rest.y + Math.sin(time * 3) * 6 }), { colour: tintPass(rgb(251, 207, 232), 0.12) });
    const crownY = rest.y - sprite.height * 0.55 + Math.sin(time * 3) * 6 - (1 - easeInOut(phase(t, 0, 0.3))) * 80;
    const gold = rgb(250, 204, 21);
    for (let i = -2; i <= 2; i++) {
      const x = rest.x + i * 16;
      canvas.line(x, crownY + 18, x + (i === 0 ? 0 : 4 * Math.sign(i)), crownY - (i % 2 === 0 ? 16 : 8), 5, gold);
    }
    canvas.rect(rest.x - 40, crownY + 14, 80, 9, gold);
    for (const g of s.glitter) {
      const at = drift(g, time, { width, height });
      sparkle(canvas, at.x, at.y, 5 * g.size, g.phase > 0.5 ? white : rgb(253, 224, 71), 0.9);
    }
  },
});

/** Bride: a soft white veil falls over it; petals drift down. */
export const brideMe = recipe({
  backdrop: { tint: rgb(255, 241, 242), tintAlpha: 0.75, brightness: 1.12 },
  setup: (rng, size) => ({ petals: particles(rng, 28, size, [25, 45]) }),
  draw: ({ canvas, sprite, rest, t, time, width, height }, s) => {
    const veil = easeInOut(phase(t, 0.1, 0.6));
    canvas.drawSprite(sprite, rest, {
      colour: (r, g, b, out, _u, v) => {
        const cover = v < veil ? 0.35 : 0;
        out.r = r + (255 - r) * cover;
        out.g = g + (255 - g) * cover;
        out.b = b + (255 - b) * cover;
      },
    });
    canvas.glow(rest.x, rest.y - sprite.height * 0.2, sprite.width * 0.7, white, 0.35 * veil);
    for (const p of s.petals) {
      const at = drift(p, time, { width, height });
      const sway = Math.sin(time * 2 + p.phase * 8) * 12;
      canvas.disc(at.x + sway, at.y, 4.5 * p.size, p.phase > 0.4 ? rgb(253, 164, 175) : white, 0.9);
    }
  },
});
