/** Draws the waiting game on its 600×400 canvas in Klipt's colours (the design tokens in styles.css). */
import { BIRD, PIPE, WORLD, type GameState } from './flappy-game.ts';
import { videoStudioTexts } from '../texts.ts';

const colours = {
  skyTop: '#ede9fe', // brand-100
  skyBottom: '#fce7f3', // accent-100
  pipe: '#7c3aed', // brand-600
  pipeEdge: '#6d28d9', // brand-700
  pipeShine: '#8b5cf6', // brand-500
  ground: '#ddd6fe', // brand-200
  groundLine: '#8b5cf6',
  bird: '#ec4899', // accent-500
  birdWing: '#f472b6', // accent-400
  beak: '#facc15', // deal-400
  ink: '#15151c', // ink-900
  overlay: 'rgba(12, 10, 29, 0.55)', // ink-950
};
const font = (size: number, weight = 700) => `${weight} ${size}px "Inter Variable", Inter, system-ui, sans-serif`;

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

function centredText(ctx: CanvasRenderingContext2D, text: string, y: number, size: number, colour: string, weight = 700) {
  ctx.font = font(size, weight);
  ctx.fillStyle = colour;
  ctx.textAlign = 'center';
  ctx.fillText(text, WORLD.width / 2, y);
}

export function drawGame(ctx: CanvasRenderingContext2D, state: GameState): void {
  const sky = ctx.createLinearGradient(0, 0, 0, WORLD.height);
  sky.addColorStop(0, colours.skyTop);
  sky.addColorStop(1, colours.skyBottom);
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, WORLD.width, WORLD.height);

  for (const pipe of state.pipes) {
    ctx.fillStyle = colours.pipe;
    roundedRect(ctx, pipe.x, -10, PIPE.width, pipe.gapY + 10, 10);
    roundedRect(ctx, pipe.x, pipe.gapY + PIPE.gap, PIPE.width, WORLD.height, 10);
    ctx.fillStyle = colours.pipeEdge;
    roundedRect(ctx, pipe.x - 5, pipe.gapY - 18, PIPE.width + 10, 18, 6);
    roundedRect(ctx, pipe.x - 5, pipe.gapY + PIPE.gap, PIPE.width + 10, 18, 6);
    ctx.fillStyle = colours.pipeShine;
    ctx.fillRect(pipe.x + 10, 0, 6, pipe.gapY - 18);
    ctx.fillRect(pipe.x + 10, pipe.gapY + PIPE.gap + 18, 6, WORLD.height);
  }

  const groundY = WORLD.height - WORLD.ground;
  ctx.fillStyle = colours.ground;
  ctx.fillRect(0, groundY, WORLD.width, WORLD.ground);
  ctx.fillStyle = colours.groundLine;
  ctx.fillRect(0, groundY, WORLD.width, 3);

  // The bird: a Klipt-pink ball with a flapping wing, a beak and an eye.
  const bob = state.phase === 'not-started' ? Math.sin(state.clock * 4) * 6 : 0;
  const y = state.birdY + bob;
  const tilt = Math.max(-0.5, Math.min(0.9, state.velocity / 600));
  ctx.save();
  ctx.translate(BIRD.x, y);
  ctx.rotate(tilt);
  ctx.fillStyle = colours.bird;
  ctx.beginPath();
  ctx.arc(0, 0, BIRD.radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colours.birdWing;
  ctx.beginPath();
  ctx.ellipse(-4, 2 + Math.sin(state.clock * 18) * 4, 8, 5, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colours.beak;
  ctx.beginPath();
  ctx.moveTo(BIRD.radius - 2, -3);
  ctx.lineTo(BIRD.radius + 9, 1);
  ctx.lineTo(BIRD.radius - 2, 5);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(5, -5, 4.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = colours.ink;
  ctx.beginPath();
  ctx.arc(6.5, -5, 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();

  if (state.phase === 'running') {
    // A white outline keeps the score readable over the light sky and the purple pipes alike.
    ctx.font = font(44, 800);
    ctx.textAlign = 'center';
    ctx.lineWidth = 6;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeText(String(state.score), WORLD.width / 2, 64);
    centredText(ctx, String(state.score), 64, 44, colours.pipeEdge, 800);
    ctx.font = font(15, 600);
    ctx.fillStyle = colours.pipeEdge;
    ctx.textAlign = 'left';
    ctx.fillText(videoStudioTexts.game.best(state.best), 16, 28);
    return;
  }
  ctx.fillStyle = colours.overlay;
  ctx.fillRect(0, 0, WORLD.width, WORLD.height);
  if (state.phase === 'not-started') {
    centredText(ctx, videoStudioTexts.game.name, 150, 40, '#ffffff', 800);
    centredText(ctx, videoStudioTexts.game.start, 200, 20, '#ffffff', 600);
    centredText(ctx, videoStudioTexts.game.best(state.best), 240, 16, colours.skyTop, 500);
  } else {
    centredText(ctx, videoStudioTexts.game.over, 150, 40, '#ffffff', 800);
    centredText(ctx, videoStudioTexts.game.scoreAndBest(state.score, state.best), 195, 20, '#ffffff', 600);
    centredText(ctx, videoStudioTexts.game.playAgain, 240, 18, colours.skyTop, 500);
  }
}
