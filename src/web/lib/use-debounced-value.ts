import { useEffect, useState } from 'react';

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** What a search box asks the server for: its trimmed text once typing pauses for `delayMs`, or '' at once when cleared. */
export function useSearchTerm(text: string, delayMs: number): string {
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, delayMs);
  return typed === '' ? '' : debounced;
}
