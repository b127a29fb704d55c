/** The waiting game's best score, kept in this browser only (spec: local storage). */
export const HIGH_SCORE_KEY = 'klipt:flappy-high-score';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the game still works, it just forgets
  }
}

export function readHighScore(): number {
  try {
    const value = Number.parseInt(storage()?.getItem(HIGH_SCORE_KEY) ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function saveHighScore(score: number): void {
  try {
    if (score > readHighScore()) storage()?.setItem(HIGH_SCORE_KEY, String(Math.floor(score)));
  } catch {
    // A full or blocked storage keeps the old best.
  }
}
