import { describe, expect, it } from 'vitest';
import { BIRD, jump, MAX_STEP_MS, newGame, PIPE, step, WORLD, type GameState } from './flappy-game.ts';

const middle = () => 0.5;
/** Runs the world for `ms` in 16 ms frames, flapping whenever the bird sinks below `keepAbove`. */
function play(state: GameState, ms: number, keepAbove?: (s: GameState) => number): GameState {
  let s = state;
  for (let t = 0; t < ms && s.phase === 'running'; t += 16) {
    if (keepAbove && s.birdY > keepAbove(s) && s.velocity > 0) s = jump(s);
    s = step(s, 16, middle);
  }
  return s;
}
/** The middle of the gap of the next pipe ahead of the bird (or of the world). */
const gapCentre = (s: GameState) => {
  const ahead = s.pipes.find((p) => p.x + PIPE.width > BIRD.x - BIRD.radius);
  return ahead ? ahead.gapY + PIPE.gap / 2 + 10 : WORLD.height / 2;
};

describe('the waiting game', () => {
  it('waits for the first jump: nothing falls before it', () => {
    const idle = step(newGame(), 500, middle);
    expect(idle.phase).toBe('not-started');
    expect(idle.birdY).toBe(newGame().birdY);
    expect(jump(idle).phase).toBe('running');
  });

  it('pulls the bird down, and a jump sends it up', () => {
    const started = jump(newGame());
    const rising = step(started, 16, middle);
    expect(rising.birdY).toBeLessThan(started.birdY);
    const falling = play(started, 600);
    expect(falling.velocity).toBeGreaterThan(0);
  });

  it('ends the game when the bird hits the ground', () => {
    const crashed = play(jump(newGame()), 5_000);
    expect(crashed.phase).toBe('game-over');
    expect(crashed.score).toBe(0);
  });

  it('scores one point per pipe passed and keeps the best score', () => {
    const s = play(jump(newGame(1)), 9_000, gapCentre);
    expect(s.phase).toBe('running');
    expect(s.score).toBeGreaterThanOrEqual(3);
    expect(s.best).toBe(s.score);
  });

  it('ends the game on a pipe', () => {
    // Flap at the top of the world: the first pipe's top half is in the way.
    let s = jump(newGame());
    for (let t = 0; t < 6_000 && s.phase === 'running'; t += 16) {
      if (s.birdY > 60 && s.velocity > 0) s = jump(s);
      s = step(s, 16, () => 1);
    }
    expect(s.phase).toBe('game-over');
  });

  it('restarts after game over with a click, keeping the best score', () => {
    const over: GameState = { ...jump(newGame(4)), phase: 'game-over', score: 7, best: 7 };
    const again = jump(over);
    expect(again).toMatchObject({ phase: 'running', score: 0, best: 7, pipes: [] });
  });

  it('never jumps ahead after a long pause (a hidden tab)', () => {
    const started = jump(newGame());
    expect(step(started, 60_000, middle)).toEqual(step(started, MAX_STEP_MS, middle));
  });
});
