import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER_DISMISSED_KEY } from './components/top-banner.tsx';
import LandingPage from './landing-page.tsx';

const BANNER_TEXT = 'Limited Beta - Join the waitlist, new spots open weekly';
const STICKY_TEXT = 'Tired of boring product photos?';

// jsdom has neither IntersectionObserver nor media playback: record observers, spy on play/pause.
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  readonly callback: IntersectionObserverCallback;
  disconnected = false;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Reports every observed target as entering (or leaving) the viewport. */
  fire(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

function renderLanding() {
  return render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

beforeEach(() => {
  FakeIntersectionObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LandingPage top banner', () => {
  it('shows the limited-beta banner with a Join Waitlist link', () => {
    renderLanding();
    const banner = screen.getByRole('complementary', { name: 'Announcement' });
    expect(within(banner).getByText(BANNER_TEXT)).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Join Waitlist' }).getAttribute('href')).toBe('/waitlist');
  });

  it('hides the banner when dismissed and remembers it in localStorage', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText(BANNER_TEXT)).toBeNull();
    expect(localStorage.getItem(BANNER_DISMISSED_KEY)).not.toBeNull();
    expect(BANNER_DISMISSED_KEY).toBe('klipt.landing.bannerDismissed');
  });

  it('does not show the banner again on a fresh render after dismissal', async () => {
    const user = userEvent.setup();
    const first = renderLanding();
    await user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    first.unmount();

    renderLanding();
    expect(screen.queryByText(BANNER_TEXT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss announcement' })).toBeNull();
  });
});

describe('LandingPage content', () => {
  it('has exactly one h1, the headline', () => {
    renderLanding();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe('Stop Scrolling. Start Selling.');
  });

  it('shows every section heading verbatim', () => {
    renderLanding();
    for (const name of [
      'What Can You Make',
      'Faster. Cheaper. Better.',
      'Why AI Crushes Traditional Shoots',
      'How It Works',
      'Starts at $29/month',
      'BFCM is coming — get your product visuals ready',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    }
  });

  it('lists the items of each section', () => {
    renderLanding();
    for (const name of [
      'Social ads',
      'PDP videos',
      'Lifestyle shots',
      'AI-generated models',
      '4MP Output',
      '2.5x Faster',
      'Fresh Content',
      'Just Results',
      'Sync Shopify',
      'Generate Variations',
      'Add Models',
      'Animate Everything',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    const table = screen.getByRole('table');
    for (const row of ['Cost', 'Turnaround', 'Variations', 'Reshoots']) {
      expect(within(table).getByRole('rowheader', { name: row })).toBeTruthy();
    }
  });

  it('has the landmarks and the nav links', () => {
    renderLanding();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Join the Waitlist' }).getAttribute('href')).toBe('/waitlist');
    expect(within(nav).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/collections', '/waitlist', '/auth/login']);
    expect(screen.getByText('© Klipt')).toBeTruthy();
  });
});

describe('LandingPage pricing teaser', () => {
  it('shows the lowest plan price', () => {
    renderLanding();
    expect(screen.getByText('Starts at $29/month')).toBeTruthy();
  });

  it('links to /waitlist with the Starter plan preselected', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/waitlist" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    const cta = screen.getByRole('link', { name: 'Claim a Starter spot' });
    expect(cta.getAttribute('href')).toBe('/waitlist?plan=starter');
    await user.click(cta);
    expect(screen.getByTestId('location').textContent).toBe('/waitlist?plan=starter');
  });
});

describe('LandingPage sticky bar', () => {
  it('appears only after scrolling past 400px', () => {
    renderLanding();
    expect(screen.queryByText(STICKY_TEXT)).toBeNull();

    setScrollY(400);
    expect(screen.queryByText(STICKY_TEXT)).toBeNull();

    setScrollY(401);
    const bar = screen.getByRole('complementary', { name: 'Join the waitlist' });
    expect(within(bar).getByText(STICKY_TEXT)).toBeTruthy();
    expect(within(bar).getByRole('link', { name: 'Join the Waitlist' }).getAttribute('href')).toBe('/waitlist');

    setScrollY(100);
    expect(screen.queryByText(STICKY_TEXT)).toBeNull();
  });

  it('is shown at once when the page loads already scrolled down', () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true, writable: true });
    renderLanding();
    expect(screen.getByText(STICKY_TEXT)).toBeTruthy();
  });
});

describe('LandingPage sample videos', () => {
  it('renders three muted, looping, inline videos that load nothing before they are seen', () => {
    const { container } = renderLanding();
    const videos = [...container.querySelectorAll('video')];
    expect(videos).toHaveLength(3);
    for (const video of videos) {
      expect(video.muted).toBe(true);
      expect(video.loop).toBe(true);
      expect(video.hasAttribute('playsinline')).toBe(true);
      expect(video.getAttribute('preload')).toBe('none');
      expect(video.getAttribute('poster')).toMatch(/\.webp$/);
      expect(video.getAttribute('src')).toMatch(/\.mp4$/);
      expect(video.getAttribute('aria-label')).toBeTruthy();
      // Playback is started by the IntersectionObserver, not by autoplay (which would ignore preload="none").
      expect(video.hasAttribute('autoplay')).toBe(false);
    }
    expect(new Set(videos.map((video) => video.getAttribute('src'))).size).toBe(3);
  });

  it('plays the videos while on screen and pauses them off screen', () => {
    const { container, unmount } = renderLanding();
    const videos = [...container.querySelectorAll('video')];
    const observers = FakeIntersectionObserver.instances;
    expect(observers.flatMap((observer) => observer.targets)).toEqual(videos);
    expect(play).not.toHaveBeenCalled();

    for (const observer of observers) observer.fire(true);
    expect(play).toHaveBeenCalledTimes(3);

    for (const observer of observers) observer.fire(false);
    expect(pause).toHaveBeenCalledTimes(3);

    unmount();
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it('keeps the posters and never plays with reduced motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList),
    );
    renderLanding();
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(play).not.toHaveBeenCalled();
  });

  it('shows images for the "What Can You Make" cards', () => {
    const { container } = renderLanding();
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(4);
    for (const image of images) {
      expect(image.getAttribute('alt')).toBe('');
      expect(image.getAttribute('loading')).toBe('lazy');
    }
  });
});
