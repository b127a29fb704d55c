import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIGH_SCORE_KEY, readHighScore, saveHighScore } from './high-score.ts';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the high score in local storage', () => {
  it('keeps the best score only', () => {
    expect(readHighScore()).toBe(0);
    saveHighScore(5);
    saveHighScore(3);
    expect(localStorage.getItem(HIGH_SCORE_KEY)).toBe('5');
    expect(readHighScore()).toBe(5);
  });

  it('reads garbage as no score', () => {
    localStorage.setItem(HIGH_SCORE_KEY, 'lots');
    expect(readHighScore()).toBe(0);
    localStorage.setItem(HIGH_SCORE_KEY, '-4');
    expect(readHighScore()).toBe(0);
  });

  it('works on when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(readHighScore()).toBe(0);
    expect(() => saveHighScore(9)).not.toThrow();
  });
});
