import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, meFixture, on } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { paths } from '../../lib/paths.ts';
import DashboardPage from './dashboard-page.tsx';
import { getMe } from '#contracts/routes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A display name that is markup: it must read as these very characters wherever it is shown. */
const htmlName = '<img src=x onerror=alert(1)><b>Bold</b>';

function renderSignedIn() {
  fakeApi(on(getMe, () => json(200, meFixture({ displayName: htmlName }))));
  return renderRoutes(
    <Routes>
      <Route element={<AppShell />}>
        <Route path={paths.dashboard} element={<DashboardPage />} />
      </Route>
    </Routes>,
    paths.dashboard,
  );
}

describe('display names in the signed-in header and pages (docs/product-rules.md#texts-users-see)', () => {
  it('show markup in a name as literal text, in the header, its account menu and the greeting', async () => {
    const { container } = renderSignedIn();
    const header = await screen.findByRole('banner');
    const trigger = within(header)
      .getAllByRole('button')
      .find((b) => b.textContent?.includes(htmlName));
    expect(trigger).toBeTruthy();
    expect(await screen.findByRole('heading', { name: `Welcome back, ${htmlName}` })).toBeTruthy();

    await userEvent.setup().click(trigger!);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(htmlName)).toBeTruthy();

    // Nothing of the name became an element: no image, no bold text, anywhere on the page.
    for (const root of [container, document.body]) {
      expect(root.querySelector('img[src="x"], img[onerror], b')).toBeNull();
    }
  });
});
