import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '#test-support/web/render.tsx';
import { isSignedMediaUrl } from '../../lib/use-signed-media-refresh.ts';
import { CARD_IMAGE_SIZES, KlipMedia } from './klip-media.tsx';
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
    // A klip without sized copies falls back to its thumbnail, which is signed when the klip is private.
    const stable = klipFixture({ id: 'stable', prompt: 'stable klip', thumbnailUrl: '/files/klips/u/a-thumb.webp', renditions: [] });
    const signed = klipFixture({
      id: 'signed',
      prompt: 'signed klip',
      thumbnailUrl: '/files/klips/u/b-thumb.webp?expires=1&signature=x',
      renditions: [],
    });
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

describe('the card picture', () => {
  it('is sized copies through srcset and sizes, with its width and height, never the original or the thumbnail', () => {
    const klip = klipFixture({ prompt: 'a mug', width: 1024, height: 768 });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <KlipMedia klip={klip} />
      </QueryClientProvider>,
    );
    const img = screen.getByAltText('a mug');
    const srcset = img.getAttribute('srcset') ?? '';
    expect(srcset).toBe(klip.renditions.map((r) => `${r.url} ${r.width}w`).join(', '));
    expect(srcset).toContain('/renditions/640?v=');
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(img.getAttribute('src')).toBe(klip.renditions[0]!.url);
    expect(img.getAttribute('width')).toBe('1024');
    expect(img.getAttribute('height')).toBe('768');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.outerHTML).not.toContain(klip.imageUrl);
    expect(img.outerHTML).not.toContain(klip.thumbnailUrl!);
  });

  it("the grid's first card loads its picture at once and first; the others lazily", () => {
    const first = klipFixture({ prompt: 'first klip' });
    const second = klipFixture({ prompt: 'second klip' });
    render(
      <QueryClientProvider client={testQueryClient()}>
        <KlipMedia klip={first} eager />
        <KlipMedia klip={second} />
      </QueryClientProvider>,
    );
    const [a, b] = [screen.getByAltText('first klip'), screen.getByAltText('second klip')];
    expect([a.getAttribute('loading'), a.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect([b.getAttribute('loading'), b.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });

  it("a video's poster is its copy up to 960 px, not the full poster", () => {
    const klip = klipFixture({ klipType: 'video', prompt: 'a spinning shoe', posterUrl: '/files/klips/u/v-poster.webp' });
    const { container } = render(
      <QueryClientProvider client={testQueryClient()}>
        <KlipMedia klip={klip} />
      </QueryClientProvider>,
    );
    expect(container.querySelector('video')?.getAttribute('poster')).toBe(klip.renditions.find((r) => r.width === 960)!.url);
  });
});
