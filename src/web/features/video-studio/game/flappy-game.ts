/**
 * The waiting game's rules, free of React and canvas: a bird falls, flaps, and threads the gaps of
 * pipes scrolling left on a 600×400 world. Randomness is injected, so a test can replay a game.
 */

export const WORLD = { width: 600, height: 400, ground: 40 } as const;
export const BIRD = { x: 150, radius: 14 } as const;
export const PIPE = { width: 64, gap: 130, speed: 170, every: 1.55, margin: 50 } as const;
const GRAVITY = 1_250;
const FLAP = -390;
/** After a pause (a hidden tab) the world continues from where it was, never jumps. */
export const MAX_STEP_MS = 50;

export type GamePhase = 'not-started' | 'running' | 'game-over';

export interface Pipe {
  x: number;
  /** Top of the gap. */
  gapY: number;
  passed: boolean;
}

export interface GameState {
  phase: GamePhase;
  birdY: number;
  velocity: number;
  pipes: Pipe[];
  score: number;
  best: number;
  /** Seconds until the next pipe. */
  nextPipeIn: number;
  /** Seconds since the start, for the idle bob and the wing. */
  clock: number;
}

export function newGame(best = 0): GameState {
  return { phase: 'not-started', birdY: WORLD.height / 2 - 20, velocity: 0, pipes: [], score: 0, best, nextPipeIn: 0.6, clock: 0 };
}

/** Click or Space: starts, flaps, or after a crash starts over (keeping the best score). */
export function jump(state: GameState): GameState {
  if (state.phase === 'game-over') return { ...newGame(state.best), phase: 'running', velocity: FLAP };
  return { ...state, phase: 'running', velocity: FLAP };
}

function collides(state: GameState): boolean {
  const top = state.birdY - BIRD.radius;
  const bottom = state.birdY + BIRD.radius;
  if (top <= 0 || bottom >= WORLD.height - WORLD.ground) return true;
  return state.pipes.some((pipe) => {
    const overlapsX = BIRD.x + BIRD.radius > pipe.x && BIRD.x - BIRD.radius < pipe.x + PIPE.width;
    return overlapsX && (top < pipe.gapY || bottom > pipe.gapY + PIPE.gap);
  });
}

/** Advances the world by `dtMs` (clamped); `random` places new gaps. */
export function step(state: GameState, dtMs: number, random: () => number): GameState {
  const dt = Math.min(Math.max(dtMs, 0), MAX_STEP_MS) / 1000;
  const clock = state.clock + dt;
  if (state.phase !== 'running') return { ...state, clock };
  const velocity = state.velocity + GRAVITY * dt;
  const birdY = state.birdY + velocity * dt;
  let nextPipeIn = state.nextPipeIn - dt;
  let score = state.score;
  const pipes: Pipe[] = [];
  for (const pipe of state.pipes) {
    const moved = { ...pipe, x: pipe.x - PIPE.speed * dt };
    if (!moved.passed && moved.x + PIPE.width < BIRD.x - BIRD.radius) {
      moved.passed = true;
      score++;
    }
    if (moved.x + PIPE.width > -4) pipes.push(moved);
  }
  if (nextPipeIn <= 0) {
    nextPipeIn += PIPE.every;
    const span = WORLD.height - WORLD.ground - PIPE.gap - PIPE.margin * 2;
    pipes.push({ x: WORLD.width + 4, gapY: PIPE.margin + random() * span, passed: false });
  }
  const next: GameState = { ...state, clock, velocity, birdY, pipes, score, nextPipeIn, best: Math.max(state.best, score) };
  return collides(next) ? { ...next, phase: 'game-over' } : next;
}
