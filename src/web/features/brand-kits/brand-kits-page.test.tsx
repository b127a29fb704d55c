import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_FONT_MAX_BYTES, brandKitMessages } from '#contracts/brand-kits.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '#web/lib/paths.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import BrandKitsPage from './brand-kits-page.tsx';
import { fontFixture, FONT_ID, KIT_ID, kitFixture, kitsServer, OTHER_KIT_ID } from './testing/fixtures.ts';
import { deleteBrandFont, deleteBrandKit, listBrandKits, makeDefaultBrandKit, uploadBrandFont } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.brandKits} element={<BrandKitsPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

const summer = kitFixture({
  id: OTHER_KIT_ID,
  name: 'Summer drop',
  isDefault: false,
  colors: [{ name: 'Sun', hex: '#FACC15' }],
  headingFont: { kind: 'uploaded', id: FONT_ID },
  bodyFont: { kind: 'catalog', id: 'inter' },
  logos: { light: null, dark: null },
});

/** A file of `size` bytes without allocating them. */
function fileOfSize(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Brand kits list', () => {
  it('shows each kit with its Default badge, colours, fonts and logos, makes another the default, and passes axe', async () => {
    const api = kitsServer(
      { list: () => ({ kits: [kitFixture(), summer], fonts: [fontFixture()] }) },
      on(makeDefaultBrandKit, () => json(200, { ...summer, isDefault: true })),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.brandKits);
    const cards = await screen.findAllByTestId('brand-kit');
    expect(cards).toHaveLength(2);
    const [main, drop] = cards as [HTMLElement, HTMLElement];
    expect(within(main).getByRole('heading', { name: 'Candle Co. main' })).not.toBeNull();
    expect(within(main).getByText('Default')).not.toBeNull();
    expect(within(drop).queryByText('Default')).toBeNull();
    // Swatches, by name and code; fonts by name (an uploaded one by its family).
    expect(within(main).getByRole('list', { name: 'Colours of Candle Co. main' }).textContent).toContain('Ember #C2410C');
    expect(main.textContent).toContain('Playfair Display');
    expect(main.textContent).toContain('Lato');
    expect(drop.textContent).toContain('Candle Serif');
    expect(within(main).getByRole('img', { name: 'Light logo of Candle Co. main' }).getAttribute('src')).toBe('/files/logos/light.webp');
    expect(within(main).getByRole('link', { name: 'Edit Candle Co. main' }).getAttribute('href')).toBe(paths.brandKit(KIT_ID));
    // The default has no Make default; the other has.
    expect(within(main).queryByRole('button', { name: /Make default/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.click(within(drop).getByRole('button', { name: 'Make default: Summer drop' }));
    await waitFor(() => expect(api.calls(makeDefaultBrandKit)).toHaveLength(1));
    expect(api.calls(makeDefaultBrandKit)[0]!.params).toEqual({ workspaceId: TEAM_ID, kitId: OTHER_KIT_ID });
    // The list is asked again (another kit stopped being the default).
    await waitFor(() => expect(api.calls(listBrandKits, { workspaceId: TEAM_ID }).length).toBeGreaterThan(1));
  });

  it('lets an owner delete a kit after confirming; Escape closes the dialog and gives focus back', async () => {
    let kits = [kitFixture(), summer];
    const api = kitsServer(
      { list: () => ({ kits, fonts: [] }) },
      on(deleteBrandKit, () => {
        kits = [kitFixture()];
        return json(204);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.brandKits);
    const remove = await screen.findByRole('button', { name: 'Delete Summer drop' });
    await user.click(remove);
    expect(await screen.findByRole('dialog', { name: 'Delete Summer drop?' })).not.toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(remove);
    expect(api.calls(deleteBrandKit)).toHaveLength(0);

    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete Summer drop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete brand kit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(deleteBrandKit).map((r) => r.params)).toEqual([{ workspaceId: TEAM_ID, kitId: OTHER_KIT_ID }]);
    await waitFor(() => expect(screen.getAllByTestId('brand-kit')).toHaveLength(1));
    // Its Delete is gone: focus lands on the list's heading, not the page's end.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Kits' }));
  });

  it('shows a member no Delete (owners and admins delete kits), but Edit and Make default', async () => {
    kitsServer({ role: 'member', list: () => ({ kits: [kitFixture(), summer], fonts: [] }) });
    renderRoutes(routes, paths.brandKits);
    const cards = await screen.findAllByTestId('brand-kit');
    expect(within(cards[1]!).getByRole('button', { name: 'Make default: Summer drop' })).not.toBeNull();
    expect(within(cards[1]!).getByRole('link', { name: 'Edit Summer drop' })).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('says No brand kits yet with a primary action to create the first one', async () => {
    kitsServer({ list: () => ({ kits: [], fonts: [] }) });
    renderRoutes(routes, paths.brandKits);
    const empty = await screen.findByTestId('brand-kits-empty');
    expect(within(empty).getByRole('heading', { name: 'No brand kits yet' })).not.toBeNull();
    expect(within(empty).getByRole('link', { name: 'Create your first brand kit' }).getAttribute('href')).toBe(paths.newBrandKit);
    expect(screen.getByText('No uploaded fonts yet.')).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows the plan that unlocks brand kits and a link to the plans, never the kits, without the entitlement', async () => {
    const api = kitsServer({ plan: 'starter' });
    renderRoutes(routes, paths.brandKits);
    const panel = await screen.findByTestId('brand-kits-upgrade');
    expect(panel.textContent).toContain(entitlementMessages.planRequired('brandKits'));
    expect(within(panel).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(paths.buyCredits);
    expect(screen.queryByRole('link', { name: /New brand kit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload font' })).toBeNull();
    // The server would answer 403: the page does not even ask.
    expect(api.calls(listBrandKits)).toHaveLength(0);
    expect(await seriousViolations()).toEqual([]);
  });

  it('says when the kits could not be loaded, with Try again', async () => {
    kitsServer(
      {},
      on(listBrandKits, () => apiError(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable.')),
    );
    renderRoutes(routes, paths.brandKits);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The brand kits could not be loaded.');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    expect(screen.getByRole('button', { name: 'Try again' })).not.toBeNull();
  });

  it('refuses a font over the size limit or of another type in the browser, uploads a good one, and deletes one', async () => {
    let fonts = [fontFixture()];
    const api = kitsServer(
      { list: () => ({ kits: [kitFixture()], fonts }) },
      on(uploadBrandFont, () => {
        const added = fontFixture({ id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', family: 'Wick Sans', fileName: 'WickSans.woff2' });
        fonts = [...fonts, added];
        return json(201, added);
      }),
      on(deleteBrandFont, () => apiError(409, 'CONFLICT', brandKitMessages.fontInUse)),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, paths.brandKits);
    const input = await screen.findByLabelText('Font file');

    await user.upload(input, fileOfSize('Huge.ttf', 'font/ttf', BRAND_FONT_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toBe(brandKitMessages.fontTooLarge);
    await user.upload(input, fileOfSize('notes.pdf', 'application/pdf', 1000));
    expect((await screen.findByRole('alert')).textContent).toBe(brandKitMessages.fontType);
    expect(api.calls(uploadBrandFont)).toHaveLength(0);

    // Browsers often give fonts no type: the extension decides.
    await user.upload(input, fileOfSize('WickSans.woff2', '', 40_000));
    await waitFor(() => expect(api.calls(uploadBrandFont)).toHaveLength(1));
    expect(api.calls(uploadBrandFont)[0]!.params).toEqual({ workspaceId: TEAM_ID });
    expect((api.calls(uploadBrandFont)[0]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await within(await screen.findByTestId('brand-fonts')).findByText('Wick Sans')).not.toBeNull();

    // A font a kit still uses: the server's refusal shows in the dialog.
    await user.click(screen.getByRole('button', { name: 'Delete the font Candle Serif' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Candle Serif?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete font' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(brandKitMessages.fontInUse);
    expect(api.calls(deleteBrandFont).map((r) => r.params)).toEqual([{ workspaceId: TEAM_ID, fontId: FONT_ID }]);
  });
});
