import { useCallback, useReducer } from 'react';
import { canGoBack, canGoNext, currentEntry, emptyHistory, historyReducer, type HistoryEntry, type HistoryState } from '../lib/history.ts';

/** The editor's image history: push a result, step back and forward; stepping returns the entry to restore. */
export function useHistory(initial: HistoryState = emptyHistory) {
  const [state, dispatch] = useReducer(historyReducer, initial);
  const push = useCallback((entry: HistoryEntry) => dispatch({ type: 'push', entry }), []);
  const back = (): HistoryEntry | null => {
    if (!canGoBack(state)) return null;
    dispatch({ type: 'back' });
    return state.entries[state.index - 1] ?? null;
  };
  const next = (): HistoryEntry | null => {
    if (!canGoNext(state)) return null;
    dispatch({ type: 'next' });
    return state.entries[state.index + 1] ?? null;
  };
  return { state, current: currentEntry(state), push, back, next, canBack: canGoBack(state), canNext: canGoNext(state) };
}
