import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest value, for callbacks that outlive the render that made them. */
export function useLatestRef<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
