import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIGH_SCORE_KEY } from './high-score.ts';
import { LoadingGameDialog } from './loading-game-dialog.tsx';

let frames: Map<number, FrameRequestCallback>;
let nextId = 0;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  frames = new Map();
  visibility = 'visible';
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.set(++nextId, callback);
    return nextId;
  });
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.delete(id));
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  // jsdom draws nothing: the game runs without a 2D context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** Runs the pending animation frames, `ms` apart. */
function runFrames(count: number, ms = 16) {
  for (let i = 0; i < count; i++) {
    const pending = [...frames.entries()];
    frames.clear();
    act(() => pending.forEach(([, callback]) => callback(i * ms)));
  }
}

describe('the Loading Game modal', () => {
  it('shows the game on a 600×400 canvas with the high score from local storage', () => {
    localStorage.setItem(HIGH_SCORE_KEY, '12');
    render(<LoadingGameDialog open onOpenChange={() => {}} statusText="Generating your video..." />);
    expect(screen.getByRole('dialog', { name: 'Loading Game' })).toBeTruthy();
    expect(screen.getByText('Generating your video...')).toBeTruthy();
    const canvas = screen.getByLabelText(/Klipt Flap/) as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([600, 400]);
    expect(screen.getByText('Click or press Space to start')).toBeTruthy();
  });

  it('starts with a click and with Space, and the bird falls to a game over that a click restarts', async () => {
    render(<LoadingGameDialog open onOpenChange={() => {}} />);
    const canvas = screen.getByLabelText(/Klipt Flap/);
    fireEvent.pointerDown(canvas);
    expect(canvas.getAttribute('data-phase')).toBe('running');
    expect(screen.getByText('Score 0')).toBeTruthy();
    runFrames(400);
    expect(canvas.getAttribute('data-phase')).toBe('game-over');
    expect(screen.getByText('Game over. Score 0')).toBeTruthy();
    await userEvent.setup().keyboard(' ');
    expect(canvas.getAttribute('data-phase')).toBe('running');
  });

  it('pauses while the page is hidden and stops when closed', () => {
    const { rerender } = render(<LoadingGameDialog open onOpenChange={() => {}} />);
    expect(frames.size).toBe(1);
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(frames.size).toBe(0);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(frames.size).toBe(1);
    rerender(<LoadingGameDialog open={false} onOpenChange={() => {}} />);
    expect(frames.size).toBe(0);
    // Closed: Space no longer plays, and no frame is asked for.
    fireEvent.keyDown(window, { key: ' ', code: 'Space' });
    expect(frames.size).toBe(0);
  });

  it('closes with its Close button', async () => {
    const onOpenChange = vi.fn<(open: boolean) => void>();
    render(<LoadingGameDialog open onOpenChange={onOpenChange} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
