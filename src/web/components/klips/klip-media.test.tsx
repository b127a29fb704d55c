import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '#test-support/web/render.tsx';
import { isSignedMediaUrl } from '../../lib/use-signed-media-refresh.ts';
import { KlipMedia } from './klip-media.tsx';
import { klipFixture } from './testing/fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('signed media URLs', () => {
  it('tells signed URLs (local and S3) from stable ones', () => {
    expect(isSignedMediaUrl('/files/klips/u/k.png?expires=1&signature=abc')).toBe(true);
    expect(isSignedMediaUrl('https://bucket.s3.amazonaws.com/private/klips/u/k.png?X-Amz-Algorithm=A&X-Amz-Signature=ff')).toBe(true);
    expect(isSignedMediaUrl('/files/klips/u/k.png')).toBe(false);
    expect(isSignedMediaUrl('https://cdn.example.com/public/avatars/u/a.webp?v=2')).toBe(false);
    expect(isSignedMediaUrl(null)).toBe(false);
  });

  it('a signed picture that fails to load (expired) asks the queries on screen again, once in a while', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z'), toFake: ['Date'] });
    const stable = klipFixture({ id: 'stable', prompt: 'stable klip', thumbnailUrl: '/files/klips/u/a-thumb.webp' });
    const signed = klipFixture({ id: 'signed', prompt: 'signed klip', thumbnailUrl: '/files/klips/u/b-thumb.webp?expires=1&signature=x' });
    const queryClient = testQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <KlipMedia klip={stable} />
        <KlipMedia klip={signed} />
      </QueryClientProvider>,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.error(screen.getByAltText('stable klip'));
    expect(invalidate).not.toHaveBeenCalled();
    fireEvent.error(screen.getByAltText('signed klip'));
    fireEvent.error(screen.getByAltText('signed klip'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-11-25T10:00:31Z'));
    fireEvent.error(screen.getByAltText('signed klip'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
