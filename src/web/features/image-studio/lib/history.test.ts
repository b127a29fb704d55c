import { describe, expect, it } from 'vitest';
import { jobFixture, klipFixture } from '../testing/fixtures.ts';
import {
  canGoBack,
  canGoNext,
  currentEntry,
  emptyHistory,
  entryFromJob,
  entryFromSavedKlip,
  entrySettings,
  historyCounter,
  historyReducer,
  type HistoryEntry,
  type HistoryState,
} from './history.ts';

function entry(n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: `klip-${n}`,
    imageUrl: `/files/${n}.png`,
    klip: null,
    klipId: `klip-${n}`,
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

  it("restores an entry's prompt, model (type + id) and aspect ratio", () => {
    const e = entry(7, { prompt: 'a candle', modelType: 'trained', modelId: 'm-7', aspectRatio: '16:9' });
    expect(entrySettings(e)).toEqual({
      prompt: 'a candle',
      modelType: 'trained',
      modelId: 'm-7',
      modelName: 'Klipt Ultra 1.1',
      aspectRatio: '16:9',
    });
  });

  it('turns a succeeded job into an entry with the uploads it used', () => {
    const klip = klipFixture({ id: 'k-9', imageUrl: '/files/k9.png' });
    const job = jobFixture({ status: 'succeeded', klip, aspectRatio: '4:3', prompt: 'p' });
    expect(entryFromJob(job, { productUploadId: 'u-1' })).toMatchObject({
      id: 'k-9',
      klipId: 'k-9',
      imageUrl: '/files/k9.png',
      aspectRatio: '4:3',
      uploads: { productUploadId: 'u-1' },
    });
    expect(entryFromJob(jobFixture({ status: 'succeeded', klip: null }))).toBeNull();
    expect(entryFromJob(jobFixture({ status: 'succeeded', klip, aspectRatio: '2:3' }))?.aspectRatio).toBe('1:1');
  });

  it('makes a saved klip the first entry, found again by its model name', () => {
    const e = entryFromSavedKlip({ prompt: 'p', imageUrl: '/x.png', modelName: 'KliptFit', aspectRatio: null, klipId: null });
    expect(e).toMatchObject({ imageUrl: '/x.png', klipId: null, modelId: null, modelName: 'KliptFit', aspectRatio: '1:1' });
  });
});
