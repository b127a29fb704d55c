import { describe, expect, it } from 'vitest';
import { klipMessages } from '#contracts/klips.ts';
import { decodeCursor, encodeCursor } from './keyset-cursor.ts';

const ts = '2025-03-01T10:20:30.123456Z';
const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

function refusal(run: () => unknown) {
  try {
    run();
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
  return undefined;
}

describe('keyset cursors', () => {
  it('round-trip the SQL text of each sort, microseconds included, as base64url', () => {
    const latest = encodeCursor('latest', [ts, id]);
    expect(latest).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(latest, 'latest')).toEqual([ts, id]);
    expect(decodeCursor(encodeCursor('top', ['-3', ts, id]), 'top')).toEqual(['-3', ts, id]);
    expect(decodeCursor(encodeCursor('trending', ['0', '12', ts, id]), 'trending')).toEqual(['0', '12', ts, id]);
  });

  it.each([
    ['another sort', () => decodeCursor(encodeCursor('latest', [ts, id]), 'top')],
    ['garbage', () => decodeCursor('not-a-cursor', 'latest')],
    ['JSON that is not an object', () => decodeCursor(Buffer.from('42').toString('base64url'), 'latest')],
    ['a missing key', () => decodeCursor(encodeCursor('latest', [ts]), 'latest')],
    ['a millisecond timestamp (a JS Date)', () => decodeCursor(encodeCursor('latest', ['2025-03-01T10:20:30.123Z', id]), 'latest')],
    ['a forged value', () => decodeCursor(encodeCursor('latest', [`${ts}'; drop table klips`, id]), 'latest')],
    [
      'a number instead of text',
      () => decodeCursor(Buffer.from(JSON.stringify({ s: 'top', k: [3, ts, id] })).toString('base64url'), 'top'),
    ],
  ])('refuse %s with the cursor message (400)', (_what, run) => {
    expect(refusal(run)).toEqual({ code: 'VALIDATION_FAILED', message: klipMessages.cursorInvalid });
  });
});
