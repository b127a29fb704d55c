import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { testQueryClient } from '#test-support/web/render.tsx';

/** Renders one of the studio's parts inside a fresh query client (the API is faked with `fakeApi`). */
export function renderWithQueryClient(ui: ReactElement) {
  const queryClient = testQueryClient();
  return { ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>), queryClient };
}
