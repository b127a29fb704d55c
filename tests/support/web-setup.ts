import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no ResizeObserver; Radix primitives (switch, slider, tooltip) measure with it.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
vi.stubGlobal('ResizeObserver', NoopResizeObserver);

// findBy… and waitFor wait on a condition, not a time: on a loaded 2-core machine a render behind a
// fake API can take longer than Testing Library's default second, and a longer bound costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
