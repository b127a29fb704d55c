import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRAND_LOGO_MAX_BYTES, brandKitMessages, type BrandKit, type BrandKitList } from '#contracts/brand-kits.ts';
import { entitlementMessages } from '#contracts/entitlements.ts';
import { apiError, json, on } from '#test-support/web/fake-api.ts';
import { LocationProbe, renderRoutes } from '#test-support/web/render.tsx';
import { paths } from '#web/lib/paths.ts';
import { seriousViolations } from '#web/lib/testing/serious-violations.ts';
import { TEAM_ID } from '#web/lib/workspaces/testing/fixtures.ts';
import BrandKitEditorPage from './brand-kit-editor-page.tsx';
import { fontFixture, FONT_ID, KIT_ID, kitFixture, kitsServer, OTHER_KIT_ID } from './testing/fixtures.ts';
import { createBrandKit, listBrandKits, updateBrandKit, uploadBrandLogo } from '#contracts/routes.ts';

const routes = (
  <Routes>
    <Route path={paths.newBrandKit} element={<BrandKitEditorPage />} />
    <Route path={paths.brandKitPattern} element={<BrandKitEditorPage />} />
    <Route path="*" element={<LocationProbe />} />
  </Routes>
);

function fileOfSize(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

// Radix Select captures the pointer and scrolls its options into view; jsdom has neither.
const jsdomMissing = { hasPointerCapture: () => false, releasePointerCapture: () => {}, scrollIntoView: () => {} };
beforeAll(() => {
  for (const [name, fn] of Object.entries(jsdomMissing)) Object.defineProperty(Element.prototype, name, { value: fn, configurable: true });
});
afterAll(() => {
  for (const name of Object.keys(jsdomMissing)) Reflect.deleteProperty(Element.prototype, name);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens a font picker by its label and chooses a font by its name. */
async function chooseFont(user: ReturnType<typeof userEvent.setup>, label: string, font: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // Every option is drawn in its own font.
  for (const option of await screen.findAllByRole('option')) {
    expect(option.querySelector('span[style]')?.getAttribute('style')).toMatch(/font-family: "?klipt-(kit|upload)-/);
  }
  await user.click(await screen.findByRole('option', { name: font }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('Brand kit editor', () => {
  it('creates a kit with the typed values (hex upper-cased, words to avoid as a list), then opens it to add logos', async () => {
    let list: BrandKitList = { kits: [], fonts: [fontFixture()] };
    const api = kitsServer(
      { list: () => list },
      on(createBrandKit, (req) => {
        const body = req.body as Pick<BrandKit, 'name' | 'colors' | 'headingFont' | 'bodyFont' | 'voice' | 'avoidWords'>;
        const kit = kitFixture({ ...body, id: OTHER_KIT_ID, logos: { light: null, dark: null } });
        list = { ...list, kits: [kit] };
        return json(201, kit);
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.newBrandKit);
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    expect(screen.getByRole('heading', { level: 1, name: 'New brand kit' })).not.toBeNull();
    // Logos wait for the kit to exist.
    expect(within(form).getByText(/Save the kit first/)).not.toBeNull();
    expect(within(form).queryByRole('button', { name: /Upload the light logo/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Summer drop');
    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    const colourName = within(form).getByLabelText('Name of colour 1');
    // The new row takes focus, so the keyboard goes on naming it.
    expect(document.activeElement).toBe(colourName);
    await user.clear(colourName);
    await user.type(colourName, 'Sun');
    const hex = within(form).getByLabelText('Hex code of colour 1');
    await user.clear(hex);
    await user.type(hex, '#facc15');
    // The native picker follows the code.
    expect(within(form).getByLabelText<HTMLInputElement>('Colour 1').value).toBe('#facc15');
    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    await user.click(within(form).getByRole('button', { name: 'Remove colour 2' }));
    await chooseFont(user, 'Heading font', 'Poppins');
    // The picker names the chosen font, drawn in it.
    expect(screen.getByRole('combobox', { name: 'Heading font' }).textContent).toBe('Poppins');
    await chooseFont(user, 'Body font', 'Candle Serif');
    await user.type(within(form).getByLabelText('Brand voice'), 'Sunny and direct.');
    expect(within(form).getByText('17/500 characters')).not.toBeNull();
    const words = within(form).getByLabelText('Words to avoid');
    await user.type(words, 'cheap{Enter}bargain,');
    await user.type(words, 'cheap{Enter}');
    expect(within(form).getByText('cheap is already on the list.')).not.toBeNull();
    await user.clear(words);
    await user.type(words, 'deal{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Remove deal' }));
    expect(
      within(within(form).getByTestId('avoid-words'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['cheap', 'bargain']);

    // The preview follows the kit: headline in the heading font, the button in the first colour.
    const preview = screen.getByTestId('ad-preview');
    expect(within(preview).getByText('Summer sale').style.fontFamily).toContain('klipt-kit-poppins');
    expect(within(preview).getByText('Shop now').style.backgroundColor).toBe('rgb(250, 204, 21)');

    await user.click(within(form).getByRole('button', { name: 'Create brand kit' }));
    await waitFor(() => expect(api.calls(createBrandKit)).toHaveLength(1));
    const call = api.calls(createBrandKit)[0]!;
    expect(call.params).toEqual({ workspaceId: TEAM_ID });
    expect(call.body).toEqual({
      name: 'Summer drop',
      colors: [{ name: 'Sun', hex: '#FACC15' }],
      headingFont: { kind: 'catalog', id: 'poppins' },
      bodyFont: { kind: 'uploaded', id: FONT_ID },
      voice: 'Sunny and direct.',
      avoidWords: ['cheap', 'bargain'],
    });
    // On to the new kit, whose logos can now be added.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit brand kit' })).not.toBeNull();
    expect(await screen.findByRole('button', { name: 'Upload the light logo' })).not.toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Summer drop');
  });

  it('refuses a bad hex code in the browser with the contract’s message and sends nothing', async () => {
    const api = kitsServer({ list: () => ({ kits: [], fonts: [] }) });
    const user = userEvent.setup();
    renderRoutes(routes, paths.newBrandKit);
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Summer drop');
    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    const hex = within(form).getByLabelText('Hex code of colour 1');
    await user.clear(hex);
    await user.type(hex, '#12345');
    await user.click(within(form).getByRole('button', { name: 'Create brand kit' }));
    expect(await within(form).findByText(brandKitMessages.colorHexInvalid)).not.toBeNull();
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    // The refused code takes focus.
    await waitFor(() => expect(document.activeElement).toBe(hex));
    expect(api.calls(createBrandKit)).toHaveLength(0);
  });

  it('shows the server’s 400 message above the form and at the field it names (a font gone meanwhile)', async () => {
    const api = kitsServer(
      { list: () => ({ kits: [], fonts: [fontFixture()] }) },
      on(createBrandKit, () => apiError(400, 'VALIDATION_FAILED', brandKitMessages.fontChoiceInvalid)),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.newBrandKit);
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Summer drop');
    await chooseFont(user, 'Heading font', 'Candle Serif');
    await user.click(within(form).getByRole('button', { name: 'Create brand kit' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The brand kit was not saved');
    expect(alert.textContent).toContain(brandKitMessages.fontChoiceInvalid);
    expect(within(form).getByRole('combobox', { name: 'Heading font' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls(createBrandKit)).toHaveLength(1);
    // Nothing was created: the page stays.
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('shows a refusal that names no field (too many kits) above the form', async () => {
    kitsServer(
      { list: () => ({ kits: [], fonts: [] }) },
      on(createBrandKit, () => apiError(409, 'CONFLICT', brandKitMessages.tooManyKits(20))),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.newBrandKit);
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'One too many');
    await user.click(within(form).getByRole('button', { name: 'Create brand kit' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(brandKitMessages.tooManyKits(20));
  });

  it('puts a field’s 400 message at that field (the name), and saves an existing kit with a PATCH of what changed, back to the list', async () => {
    let refuse = true;
    const api = kitsServer(
      {},
      on(updateBrandKit, (req) => {
        if (refuse) {
          refuse = false;
          return apiError(400, 'VALIDATION_FAILED', brandKitMessages.nameTooLong);
        }
        return json(200, kitFixture(req.body as Partial<BrandKit>));
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, paths.brandKit(KIT_ID));
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    const name = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Candle Co. main');
    expect(within(form).getByRole('combobox', { name: 'Heading font' }).textContent).toBe('Playfair Display');
    expect(within(form).getByRole('button', { name: 'Upload the dark logo' })).not.toBeNull();
    expect(within(form).getByRole('button', { name: 'Remove the light logo' })).not.toBeNull();
    expect(await seriousViolations()).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Candle Co. main, the autumn and winter collection of 2026');
    await user.click(within(form).getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Above the form and under the field.
    expect(within(form).getAllByText(brandKitMessages.nameTooLong)).toHaveLength(2);

    await user.clear(name);
    await user.type(name, 'Candle Co.');
    await user.click(within(form).getByRole('button', { name: 'Save brand kit' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.brandKits);
    // Only the name changed, so only the name is sent.
    expect(api.calls(updateBrandKit, { workspaceId: TEAM_ID, kitId: KIT_ID }).map((r) => r.body)).toEqual([
      { name: 'Candle Co. main, the autumn and winter collection of 2026' },
      { name: 'Candle Co.' },
    ]);
  });

  it('sends no PATCH when nothing changed, and Cancel goes back to the list', async () => {
    const api = kitsServer({});
    const user = userEvent.setup();
    renderRoutes(routes, paths.brandKit(KIT_ID));
    const form = await screen.findByRole('form', { name: 'Brand kit' });
    expect(within(form).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(paths.brandKits);
    await user.click(within(form).getByRole('button', { name: 'Save brand kit' }));
    expect((await screen.findByTestId('location')).textContent).toBe(paths.brandKits);
    expect(api.calls(updateBrandKit)).toHaveLength(0);
  });

  it('refuses a logo that is too big or not an image before any upload, and uploads a good one', async () => {
    let kit = kitFixture({ logos: { light: null, dark: null } });
    const { promise: answered, resolve: release } = Promise.withResolvers<void>();
    const api = kitsServer(
      { list: () => ({ kits: [kit], fonts: [] }) },
      on(uploadBrandLogo, async () => {
        await answered;
        kit = { ...kit, logos: { light: null, dark: { url: '/files/logos/dark.webp', width: 400, height: 120 } } };
        return json(200, kit);
      }),
    );
    // jsdom has no object URLs: the chosen file's local preview gets a stand-in address.
    const createObjectURL = vi.fn<(file: Blob) => string>(() => 'blob:chosen-logo');
    const revokeObjectURL = vi.fn<(url: string) => void>();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const user = userEvent.setup({ applyAccept: false });
    renderRoutes(routes, paths.brandKit(KIT_ID));
    const dark = await screen.findByTestId('logo-dark');
    const input = within(dark).getByLabelText('Dark logo file');

    await user.upload(input, fileOfSize('logo.png', 'image/png', BRAND_LOGO_MAX_BYTES + 1));
    expect((await within(dark).findByRole('alert')).textContent).toBe(brandKitMessages.logoTooLarge);
    await user.upload(input, fileOfSize('logo.gif', 'image/gif', 2000));
    expect((await within(dark).findByRole('alert')).textContent).toBe(brandKitMessages.logoType);
    expect(api.calls(uploadBrandLogo)).toHaveLength(0);

    await user.upload(input, fileOfSize('logo.svg', 'image/svg+xml', 2000));
    await waitFor(() => expect(api.calls(uploadBrandLogo)).toHaveLength(1));
    // While it uploads, the chosen file shows on both tiles.
    expect(within(dark).getByRole('img', { name: 'Dark logo on a light background' }).getAttribute('src')).toBe('blob:chosen-logo');
    expect(within(dark).getByRole('status', { name: 'Uploading the dark logo' })).not.toBeNull();
    release();
    expect(api.calls(uploadBrandLogo)[0]!.params).toEqual({ workspaceId: TEAM_ID, kitId: KIT_ID, variant: 'dark' });
    // Then the server's image, on a light and a dark tile.
    await waitFor(() =>
      expect(within(dark).getByRole('img', { name: 'Dark logo on a dark background' }).getAttribute('src')).toBe('/files/logos/dark.webp'),
    );
    expect(within(dark).getByRole('img', { name: 'Dark logo on a light background' })).not.toBeNull();
    expect(within(dark).queryByRole('alert')).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:chosen-logo');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows the upgrade panel and no form without the brand kit entitlement', async () => {
    const api = kitsServer({ plan: null });
    renderRoutes(routes, paths.newBrandKit);
    const panel = await screen.findByTestId('brand-kits-upgrade');
    expect(panel.textContent).toContain(entitlementMessages.planRequired('brandKits'));
    expect(within(panel).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(paths.buyCredits);
    expect(screen.queryByRole('form')).toBeNull();
    expect(api.calls(listBrandKits)).toHaveLength(0);
  });

  it('says so when the kit is not in this workspace', async () => {
    kitsServer({});
    renderRoutes(routes, paths.brandKit('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee'));
    expect((await screen.findByRole('alert')).textContent).toBe('This brand kit does not exist in this workspace.');
    expect(screen.queryByRole('form')).toBeNull();
  });
});
