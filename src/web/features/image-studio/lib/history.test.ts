import { describe, expect, it } from 'vitest';
import { jobFixture, klipFixture } from '../testing/fixtures.ts';
import {
  canGoBack,
  canGoNext,
  currentEntry,
  emptyHistory,
  entryFromJobs,
  entryFromSavedKlip,
  entrySettings,
  groupSettings,
  historyCounter,
  historyReducer,
  type HistoryEntry,
  type HistoryState,
} from './history.ts';

function entry(n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `klip-${n}`,
    tiles: [{ kind: 'image', id: `klip-${n}`, imageUrl: `/files/${n}.png`, klip: null, klipId: `klip-${n}` }],
    prompt: `prompt ${n}`,
    modelType: 'standard',
    modelId: `model-${n}`,
    modelName: 'Klipt Ultra 1.1',
    aspectRatio: '1:1',
    uploads: {},
    ...overrides,
  };
}

const pushAll = (...entries: HistoryEntry[]) =>
  entries.reduce<HistoryState>((state, e) => historyReducer(state, { type: 'push', entry: e }), emptyHistory);

describe('history reducer', () => {
  it('starts empty: no current entry, no navigation', () => {
    expect(currentEntry(emptyHistory)).toBeNull();
    expect(canGoBack(emptyHistory)).toBe(false);
    expect(canGoNext(emptyHistory)).toBe(false);
  });

  it('push appends and makes the new entry current', () => {
    const state = pushAll(entry(1), entry(2), entry(3));
    expect(state.entries.map((e) => e.id)).toEqual(['klip-1', 'klip-2', 'klip-3']);
    expect(currentEntry(state)?.id).toBe('klip-3');
    expect(historyCounter(state)).toBe('3 / 3');
  });

  it('push after going back truncates the forward history', () => {
    let state = pushAll(entry(1), entry(2), entry(3));
    state = historyReducer(state, { type: 'back' });
    state = historyReducer(state, { type: 'back' });
    expect(currentEntry(state)?.id).toBe('klip-1');
    state = historyReducer(state, { type: 'push', entry: entry(4) });
    expect(state.entries.map((e) => e.id)).toEqual(['klip-1', 'klip-4']);
    expect(historyCounter(state)).toBe('2 / 2');
    expect(canGoNext(state)).toBe(false);
  });

  it('back and next stop at both ends', () => {
    let state = pushAll(entry(1), entry(2));
    state = historyReducer(state, { type: 'next' });
    expect(historyCounter(state)).toBe('2 / 2');
    state = historyReducer(state, { type: 'back' });
    expect(historyCounter(state)).toBe('1 / 2');
    expect(canGoBack(state)).toBe(false);
    const atStart = historyReducer(state, { type: 'back' });
    expect(atStart).toBe(state);
    state = historyReducer(state, { type: 'next' });
    expect(historyCounter(state)).toBe('2 / 2');
    expect(canGoNext(state)).toBe(false);
  });

  it('does not add the same klip twice (an event and a reload reporting one job)', () => {
    const state = pushAll(entry(1), entry(2));
    expect(historyReducer(state, { type: 'push', entry: entry(1) })).toBe(state);
  });

  it("restores an entry's prompt, model (type + id), aspect ratio and its count of variations", () => {
    const e = entry(7, { prompt: 'a candle', modelType: 'trained', modelId: 'm-7', aspectRatio: '16:9' });
    expect(entrySettings(e)).toEqual({
      prompt: 'a candle',
      modelType: 'trained',
      modelId: 'm-7',
      modelName: 'Klipt Ultra 1.1',
      aspectRatio: '16:9',
      count: 1,
    });
    expect(entrySettings({ ...e, tiles: [...e.tiles, { kind: 'failed', id: 'j-2', message: 'x' }] }).count).toBe(2);
  });

  it('turns a succeeded job into an entry with the uploads it used', () => {
    const klip = klipFixture({ id: 'k-9', imageUrl: '/files/k9.png' });
    const job = jobFixture({ status: 'succeeded', klip, aspectRatio: '4:3', prompt: 'p' });
    expect(entryFromJobs([job], { productUploadId: 'u-1' })).toMatchObject({
      id: 'k-9',
      tiles: [{ kind: 'image', id: 'k-9', klipId: 'k-9', imageUrl: '/files/k9.png' }],
      aspectRatio: '4:3',
      uploads: { productUploadId: 'u-1' },
    });
    expect(entryFromJobs([jobFixture({ status: 'succeeded', klip: null })])).toBeNull();
    expect(entryFromJobs([])).toBeNull();
    expect(entryFromJobs([jobFixture({ status: 'succeeded', klip, aspectRatio: '2:3' })])?.aspectRatio).toBe('1:1');
  });

  it('turns a group into one entry, keyed by the group, with each variation in order and a failed one with its message', () => {
    const group = { groupId: 'g-1' };
    const jobs = [
      jobFixture({ ...group, id: 'j-0', variation: 0, status: 'succeeded', klip: klipFixture({ id: 'k-0', imageUrl: '/0.png' }) }),
      jobFixture({
        ...group,
        id: 'j-1',
        variation: 1,
        status: 'failed',
        refunded: true,
        error: { code: 'PROVIDER_FAILED', message: 'Busy.' },
      }),
      jobFixture({ ...group, id: 'j-2', variation: 2, status: 'succeeded', klip: klipFixture({ id: 'k-2', imageUrl: '/2.png' }) }),
    ];
    expect(entryFromJobs(jobs)?.id).toBe('g-1');
    expect(entryFromJobs(jobs)?.tiles).toEqual([
      expect.objectContaining({ kind: 'image', id: 'k-0', imageUrl: '/0.png' }),
      { kind: 'failed', id: 'j-1', message: 'Busy. Your credit was refunded.' },
      expect.objectContaining({ kind: 'image', id: 'k-2', imageUrl: '/2.png' }),
    ]);
    expect(groupSettings(jobs)).toMatchObject({ prompt: 'red sneaker on a beach', count: 3 });
    expect(groupSettings([])).toBeNull();
  });

  it('makes a saved klip the first entry, found again by its model name', () => {
    const e = entryFromSavedKlip({ prompt: 'p', imageUrl: '/x.png', modelName: 'KliptFit', aspectRatio: null, klipId: null });
    expect(e).toMatchObject({ modelId: null, modelName: 'KliptFit', aspectRatio: '1:1' });
    expect(e.tiles).toEqual([{ kind: 'image', id: 'saved-klip', imageUrl: '/x.png', klip: null, klipId: null }]);
  });
});
