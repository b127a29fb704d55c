import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { drawGame } from './draw-game.ts';
import { jump, newGame, step, WORLD, type GamePhase, type GameState } from './flappy-game.ts';
import { readHighScore, saveHighScore } from './high-score.ts';
import { videoStudioTexts } from '../texts.ts';

function announcement(phase: GamePhase, score: number): string {
  if (phase === 'not-started') return videoStudioTexts.game.start;
  if (phase === 'game-over') return videoStudioTexts.game.gameOver(score);
  return videoStudioTexts.game.score(score);
}

/**
 * The game on its canvas: one animation loop while the dialog is open and the page is visible; it
 * pauses when the tab is hidden and stops (listeners removed) when the dialog closes.
 */
function FlapGame() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const game = useRef<GameState>(newGame(readHighScore()));
  const [status, setStatus] = useState<{ phase: GamePhase; score: number }>({ phase: 'not-started', score: 0 });
  const hintId = useId();

  const sync = useCallback((next: GameState) => {
    const before = game.current;
    game.current = next;
    if (next.phase === 'game-over' && before.phase !== 'game-over') saveHighScore(next.score);
    if (next.phase !== before.phase || next.score !== before.score) setStatus({ phase: next.phase, score: next.score });
  }, []);

  const flap = useCallback(() => sync(jump(game.current)), [sync]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d') ?? null;
    let frame = 0;
    let last: number | null = null;
    const tick = (now: number) => {
      sync(step(game.current, last === null ? 0 : now - last, Math.random));
      last = now;
      if (context) drawGame(context, game.current);
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      if (frame === 0 && document.visibilityState === 'visible') {
        last = null;
        frame = requestAnimationFrame(tick);
      }
    };
    const pause = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : pause());
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      // Space plays the game instead of scrolling or pressing the focused button.
      event.preventDefault();
      if (!event.repeat) flap();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('keydown', onKey);
    if (context) drawGame(context, game.current);
    start();
    return () => {
      pause();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('keydown', onKey);
    };
  }, [flap, sync]);

  return (
    <div className="flex flex-col gap-2">
      <canvas
        ref={canvas}
        width={WORLD.width}
        height={WORLD.height}
        tabIndex={0}
        aria-label={videoStudioTexts.game.label}
        aria-describedby={hintId}
        data-phase={status.phase}
        onPointerDown={(event) => {
          event.preventDefault();
          flap();
        }}
        className="block aspect-[3/2] h-auto w-full cursor-pointer touch-none rounded-xl bg-brand-100 ring-1 ring-brand-200 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      />
      <div className="flex items-center justify-between gap-3 text-sm">
        <p id={hintId} className="text-ink-600">
          {videoStudioTexts.game.hint}
        </p>
        <p className="shrink-0 font-semibold whitespace-nowrap text-ink-900 tabular-nums" aria-live="polite">
          {announcement(status.phase, status.score)}
        </p>
      </div>
    </div>
  );
}

/**
 * The 'Loading Game' modal of a video generation (spec: mini-game). It stays open until the player
 * closes it; once the generation has `finished`, it says how it ended and offers the way back.
 */
export function LoadingGameDialog({
  open,
  onOpenChange,
  statusText,
  finished = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the video stands (the current step's message), then how it ended. */
  statusText?: string;
  finished?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={videoStudioTexts.game.title}
        description={finished ? videoStudioTexts.game.playOn : videoStudioTexts.game.onItsWay}
        size="lg"
      >
        {statusText && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 px-3 py-2">
            <p className="text-sm font-medium text-brand-800" aria-live="polite">
              {statusText}
            </p>
            {finished && (
              <Button size="sm" onClick={() => onOpenChange(false)}>
                {videoStudioTexts.game.seeVideo}
              </Button>
            )}
          </div>
        )}
        {open && <FlapGame />}
      </DialogContent>
    </Dialog>
  );
}
