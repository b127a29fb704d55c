import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adMessages, type AdSet } from '#contracts/ads.ts';
import { adSlotMessages } from '#contracts/ad-formats.ts';
import type { BrandKit } from '#contracts/brand-kits.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { apiError, fakeApi, json, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { contractKey } from '../../lib/contract-query.ts';
import { seriousViolations } from '../../lib/testing/serious-violations.ts';
import { TEAM_ID } from '../../lib/workspaces/testing/fixtures.ts';
import { choiceKit } from '../../lib/brand-kits/testing/fixtures.ts';
import { KlipAdDialog } from './klip-ad-dialog.tsx';
import { klipFixture } from './testing/fixtures.ts';
import { listBrandKits, listMyKlips, makeAds, previewAd } from '#contracts/routes.ts';

const KIT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const OTHER_KIT_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SET_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

/** The shared kit fixture, without voice or words to avoid (ads draw neither). */
function kit(overrides: Partial<BrandKit>): BrandKit {
  return choiceKit({ id: KIT_ID, voice: null, avoidWords: [], ...overrides });
}

// The default kit comes first in the server's list; here it is second, so "preselected" is not "first".
const kits = [kit({ id: OTHER_KIT_ID, name: 'Summer drop', isDefault: false }), kit({})];
const klip = klipFixture();

/** A WebP answer of the preview endpoint (its bytes do not matter to the browser test). */
const webp = () => new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'content-type': 'image/webp' } });

function server(...routes: FakeRoute[]) {
  return fakeApi(
    on(listBrandKits, () => json(200, { kits, fonts: [] })),
    on(previewAd, () => webp()),
    ...routes,
  );
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <KlipAdDialog klip={klip} workspaceId={TEAM_ID} open={open} onOpenChange={setOpen} />
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
    </>
  );
}

async function renderDialog() {
  const view = renderRoutes(
    <Routes>
      <Route path="/" element={<Harness />} />
    </Routes>,
    '/',
  );
  const dialog = await screen.findByRole('dialog', { name: 'Make ad' });
  // The kits have loaded once the default one is chosen.
  await waitFor(() => expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Brand kit' }).value).toBe(KIT_ID));
  return { ...view, dialog };
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^${name}`) });
const textbox = (name: string) => screen.queryByRole<HTMLInputElement>('textbox', { name });
/** The text boxes on screen, by name. */
const shown = () => ['Headline', 'Subline', 'Price', 'Call to action'].filter((name) => textbox(name) !== null);
const createButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Create ads' });

function adSet(count: number): AdSet {
  return {
    id: SET_ID,
    klips: Array.from({ length: count }, (_, i) => {
      const { id, klipType, imageUrl, posterUrl, width, height, prompt, modelName, source, isPublic, createdAt, attributes } =
        klipFixture();
      return {
        id,
        klipType,
        imageUrl,
        thumbnailUrl: `/files/ads/${i}.webp`,
        posterUrl,
        width,
        height,
        prompt,
        modelName,
        source,
        isPublic,
        createdAt,
        attributes,
      };
    }),
    zipUrl: `/api/ad-sets/${SET_ID}/zip`,
  };
}

let objectUrls: string[];
const revoked: string[] = [];

beforeEach(() => {
  objectUrls = [];
  revoked.length = 0;
  // jsdom has no object URLs.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn<() => string>(() => {
      const url = `blob:preview-${objectUrls.length + 1}`;
      objectUrls.push(url);
      return url;
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    value: vi.fn<(url: string) => void>((url) => {
      revoked.push(url);
    }),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('KlipAdDialog form', () => {
  it("offers the six layouts, the workspace's kits with the default chosen and No brand kit, every size with its pixels, and passes axe", async () => {
    server();
    const { dialog } = await renderDialog();
    const layouts = within(dialog).getByRole('group', { name: 'Layout' });
    expect(
      within(layouts)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['bottom-bar', 'price-badge', 'sale-banner', 'quote', 'logo-corner', 'story']);
    expect(radio('Bottom bar').checked).toBe(true);
    for (const name of ['Price badge', 'Sale banner', 'Quote', 'Logo corner', 'Story']) expect(radio(name).checked).toBe(false);

    const select = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Brand kit' });
    expect([...select.options].map((o) => o.textContent)).toEqual(['Summer drop', 'Candle Co. main (default)', 'No brand kit']);

    const sizes = within(dialog).getByRole('group', { name: 'Sizes' });
    expect(within(sizes).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(sizes).getByRole('checkbox', { name: 'Square feed post 1080 × 1080 px' })).toHaveProperty('checked', true);
    expect(within(sizes).getByRole('checkbox', { name: 'Instagram/TikTok story 1080 × 1920 px' })).toHaveProperty('checked', false);
    expect(within(sizes).getByRole('checkbox', { name: 'Etsy listing 2700 × 2025 px' })).toHaveProperty('disabled', false);

    // Wait for the first preview, so axe sees the dialog as it settles.
    await screen.findByRole('img', { name: /^Preview of the ad as Square feed post/ });
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows the refusing sizes disabled with their reason beside them', async () => {
    server();
    await renderDialog();
    const amazon = checkbox('Amazon main image');
    const google = checkbox('Google Shopping');
    expect(amazon.disabled).toBe(true);
    expect(google.disabled).toBe(true);
    expect(amazon.checked).toBe(false);
    expect(amazon.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(amazon.getAttribute('aria-describedby')!)?.textContent).toBe(adSlotMessages.amazonMain);
    expect(document.getElementById(google.getAttribute('aria-describedby')!)?.textContent).toBe(adSlotMessages.googleShopping);
    expect(screen.getByText(adSlotMessages.amazonMain)).toBeTruthy();
    // Clicking a refused size changes nothing.
    await userEvent.setup().click(amazon);
    expect(amazon.checked).toBe(false);
  });

  it('shows only the texts the chosen layout draws, and the arrow keys move through the layouts', async () => {
    server();
    await renderDialog();
    const user = userEvent.setup();
    expect(shown()).toEqual(['Headline', 'Subline', 'Call to action']);

    await user.click(radio('Price badge'));
    expect(shown()).toEqual(['Headline', 'Price']);
    await user.click(radio('Logo corner'));
    expect(shown()).toEqual([]);
    expect(screen.getByText('This layout draws no text, only your logo.')).toBeTruthy();
    await user.click(radio('Story'));
    expect(shown()).toEqual(['Headline', 'Subline', 'Price', 'Call to action']);

    // Keyboard: one tab stop for the group, arrows choose.
    await user.click(radio('Quote'));
    await user.keyboard('{ArrowRight}');
    expect(radio('Logo corner').checked).toBe(true);
    expect(document.activeElement).toBe(radio('Logo corner'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(radio('Sale banner').checked).toBe(true);
    expect(shown()).toEqual(['Headline', 'Subline', 'Call to action']);
  });

  it("checks the texts with the contract's limits in the browser and sends nothing while one is too long", async () => {
    const api = server(on(makeAds, () => json(201, adSet(1))));
    await renderDialog();
    const user = userEvent.setup();
    const cta = textbox('Call to action')!;
    await user.click(cta);
    await user.paste('x'.repeat(25));
    expect(screen.getByText(adMessages.ctaTooLong)).toBeTruthy();
    expect(cta.getAttribute('aria-invalid')).toBe('true');
    expect(createButton().disabled).toBe(true);
    await user.keyboard('{Backspace}');
    expect(screen.queryByText(adMessages.ctaTooLong)).toBeNull();
    expect(createButton().disabled).toBe(false);
    expect(api.calls(makeAds)).toHaveLength(0);
  });

  it('requires at least one size', async () => {
    const api = server(on(makeAds, () => json(201, adSet(1))));
    await renderDialog();
    const user = userEvent.setup();
    await user.click(checkbox('Square feed post'));
    expect(screen.getByText(adMessages.sizesRequired)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Sizes' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(createButton().disabled).toBe(true);
    await user.click(createButton());
    expect(api.calls(makeAds)).toHaveLength(0);
    expect(screen.getByText('Choose a size to see a preview.')).toBeTruthy();
  });
});

describe('KlipAdDialog Create ads', () => {
  it("sends the layout, the chosen kit, the layout's texts and the sizes in list order (never a refused one), then lists the ads and their ZIP", async () => {
    const api = server(on(makeAds, () => json(201, adSet(3))));
    const { queryClient } = await renderDialog();
    queryClient.setQueryData(contractKey(listMyKlips, { query: {} }), { pages: [], pageParams: [] });
    const user = userEvent.setup();

    await user.click(radio('Story'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand kit' }), 'Summer drop');
    await user.type(textbox('Headline')!, '  Spring sale ');
    await user.type(textbox('Price')!, '€29');
    await user.type(textbox('Call to action')!, 'Shop now');
    // Subline left empty: not sent. Sizes chosen out of order; they go in the list's order.
    await user.click(checkbox('Etsy listing'));
    await user.click(checkbox('Instagram/TikTok story'));
    await user.click(checkbox('Amazon main image'));
    await user.click(createButton());

    const made = await screen.findByRole('list', { name: 'Ads made' });
    expect(api.calls(makeAds)).toHaveLength(1);
    expect(api.calls(makeAds)[0]?.params).toEqual({ id: klip.id });
    expect(api.calls(makeAds)[0]?.body).toEqual({
      brandKitId: OTHER_KIT_ID,
      layout: 'story',
      texts: { headline: 'Spring sale', price: '€29', cta: 'Shop now' },
      sizes: ['square-feed', 'story', 'etsy-listing'],
    });
    const thumbnails = within(made).getAllByRole('img');
    expect(thumbnails.map((img) => [img.getAttribute('alt'), img.getAttribute('src')])).toEqual([
      ['Ad, Square feed post, 1080 × 1080 px', '/files/ads/0.webp'],
      ['Ad, Instagram/TikTok story, 1080 × 1920 px', '/files/ads/1.webp'],
      ['Ad, Etsy listing, 2700 × 2025 px', '/files/ads/2.webp'],
    ]);
    expect(made.textContent).toContain('Instagram/TikTok story, 1080 × 1920 px');
    const zip = screen.getByRole('link', { name: 'Download ZIP' });
    expect(zip.getAttribute('href')).toBe(`/api/ad-sets/${SET_ID}/zip`);
    expect(zip.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Your 3 ads are ready. They are in your library too.')).toBeTruthy();
    // The library shows the new klips.
    expect(queryClient.getQueryState(contractKey(listMyKlips, { query: {} }))?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('state').textContent).toBe('closed');
  });

  it('sends null for No brand kit and an empty texts object for Logo corner', async () => {
    const api = server(on(makeAds, () => json(201, adSet(1))));
    await renderDialog();
    const user = userEvent.setup();
    await user.type(textbox('Headline')!, 'Not drawn by Logo corner');
    await user.click(radio('Logo corner'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand kit' }), 'No brand kit');
    await user.click(createButton());
    await screen.findByRole('list', { name: 'Ads made' });
    expect(api.calls(makeAds)[0]?.body).toEqual({ brandKitId: null, layout: 'logo-corner', texts: {}, sizes: ['square-feed'] });
    expect(screen.getByText('Your ad is ready. It is in your library too.')).toBeTruthy();
  });

  it('shows a 400 from the server in an alert and at the field it names', async () => {
    server(on(makeAds, () => apiError(400, 'VALIDATION_FAILED', adMessages.headlineTooLong)));
    await renderDialog();
    const user = userEvent.setup();
    await user.type(textbox('Headline')!, 'Fine here');
    await user.click(createButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(adMessages.headlineTooLong);
    const headline = textbox('Headline')!;
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(headline.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      adMessages.headlineTooLong,
    );
    // The dialog stays on the form; changing the text clears the refusal.
    await user.type(headline, '!');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [429, 'RATE_LIMITED', adMessages.tooManyRenders],
    [403, 'PLAN_REQUIRED', entitlementMessages.planRequired('brandKits')],
  ])('shows a %i (%s) with its message', async (status, code, message) => {
    server(on(makeAds, () => apiError(status, code, message)));
    await renderDialog();
    await userEvent.setup().click(createButton());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('list', { name: 'Ads made' })).toBeNull();
  });

  it('keeps the dialog open while the ads are being made: the button is busy and Escape waits', async () => {
    let release!: (res: Response) => void;
    server(on(makeAds, () => new Promise<Response>((resolve) => (release = resolve))));
    await renderDialog();
    const user = userEvent.setup();
    await user.click(createButton());
    await waitFor(() => expect(createButton().getAttribute('aria-busy')).toBe('true'));
    expect(createButton().disabled).toBe(true);
    expect(screen.getByText('Creating ads…')).toBeTruthy();
    expect(textbox('Headline')!.matches(':disabled')).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('state').textContent).toBe('open');
    await act(async () => release(json(201, adSet(1))));
    await screen.findByRole('link', { name: 'Download ZIP' });
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('state').textContent).toBe('closed');
  });
});

describe('KlipAdDialog preview', () => {
  it('asks the server once typing stops (400 ms), aborts the request in flight, and shows each image through an object URL', async () => {
    // Each preview request's signal; `hold` keeps the answers back until the test releases them.
    const signals: AbortSignal[] = [];
    let hold = false;
    const held: Array<(res: Response) => void> = [];
    const api = server(on(previewAd, () => (hold ? new Promise<Response>((resolve) => held.push(resolve)) : webp())));
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/ads/preview') && init?.signal) signals.push(init.signal);
      return fake(input, init);
    });
    await renderDialog();
    const first = await screen.findByRole('img', { name: 'Preview of the ad as Square feed post, 1080 × 1080 px' });
    expect(first.getAttribute('src')).toBe('blob:preview-1');
    expect(api.calls(previewAd)).toHaveLength(1);
    expect(api.calls(previewAd)[0]?.params).toEqual({ id: klip.id });
    expect(api.calls(previewAd)[0]?.body).toEqual({ brandKitId: KIT_ID, layout: 'bottom-bar', texts: {}, size: 'square-feed' });

    const user = userEvent.setup();
    await user.type(textbox('Headline')!, 'Spring sale');
    // Just typed: nothing asked yet, the spinner shows over the last image.
    expect(api.calls(previewAd)).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Updating the preview' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Preview of the ad/ }).getAttribute('src')).toBe('blob:preview-1');
    await waitFor(() => expect(screen.getByRole('img', { name: /^Preview of the ad/ }).getAttribute('src')).toBe('blob:preview-2'));
    // One request for the whole word, after the pause.
    expect(api.calls(previewAd)).toHaveLength(2);
    expect(api.calls(previewAd)[1]?.body).toEqual({
      brandKitId: KIT_ID,
      layout: 'bottom-bar',
      texts: { headline: 'Spring sale' },
      size: 'square-feed',
    });
    // The old image's URL is revoked by the effect cleanup React runs after it paints the new one.
    await waitFor(() => expect(revoked).toEqual(['blob:preview-1']));
    expect(screen.queryByRole('status', { name: 'Updating the preview' })).toBeNull();

    // The preview is of the first chosen size; a change while one is in flight aborts it.
    hold = true;
    await user.click(checkbox('Instagram/TikTok story'));
    await user.click(checkbox('Square feed post'));
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(api.calls(previewAd)[2]?.body).toMatchObject({ size: 'story' });
    await user.type(textbox('Headline')!, '!');
    await waitFor(() => expect(signals).toHaveLength(4));
    // The unanswered one was given up; the newest is the only one open.
    expect(signals[2]?.aborted).toBe(true);
    expect(signals[3]?.aborted).toBe(false);
    await act(async () => held.at(-1)!(webp()));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Preview of the ad as Instagram/TikTok story, 1080 × 1920 px' }).getAttribute('src')).toBe(
        'blob:preview-3',
      ),
    );
    await waitFor(() => expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']));
  });

  it('says when the preview failed, with Try again', async () => {
    let fail = true;
    server(on(previewAd, () => (fail ? apiError(429, 'RATE_LIMITED', 'Too many previews. Please wait 10 seconds.') : webp())));
    await renderDialog();
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many previews. Please wait 10 seconds.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('img', { name: /^Preview of the ad/ });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
