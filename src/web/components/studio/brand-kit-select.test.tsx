import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '#test-support/web/fake-api.ts';
import { renderRoutes } from '#test-support/web/render.tsx';
import { useBrandKitChoice } from '../../lib/brand-kits/brand-kit-choice.ts';
import { brandKitChoiceRoutes, choiceKit, MAIN_KIT_ID, SUMMER_KIT_ID } from '../../lib/brand-kits/testing/fixtures.ts';
import { brandKitChoiceTexts } from '../../lib/texts.ts';
import { BrandKitSelect } from './brand-kit-select.tsx';
import { listBrandKits, listWorkspaces } from '#contracts/routes.ts';

/** The control with what an editor would send beside it. */
function Harness() {
  const choice = useBrandKitChoice();
  return (
    <>
      <BrandKitSelect choice={choice} />
      <output data-testid="sent">{choice.kitId ?? 'none'}</output>
    </>
  );
}

const render = () =>
  renderRoutes(
    <Routes>
      <Route path="*" element={<Harness />} />
    </Routes>,
    '/create/image',
  );
const select = () => screen.getByLabelText<HTMLSelectElement>(brandKitChoiceTexts.label);
const sent = () => screen.getByTestId('sent').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Use brand kit'", () => {
  it("preselects the workspace's default kit, offers No brand kit and the others, and sends what is chosen", async () => {
    fakeApi(...brandKitChoiceRoutes());
    const user = userEvent.setup();
    render();
    await waitFor(() => expect(select().value).toBe(MAIN_KIT_ID));
    expect(sent()).toBe(MAIN_KIT_ID);
    expect([...select().options].map((o) => o.text)).toEqual([brandKitChoiceTexts.none, 'Candle Co. main', 'Summer drop']);
    await user.selectOptions(select(), 'Summer drop');
    expect(sent()).toBe(SUMMER_KIT_ID);
    await user.selectOptions(select(), brandKitChoiceTexts.none);
    expect(sent()).toBe('none');
  });

  it('preselects the default kit wherever the API lists it', async () => {
    fakeApi(
      ...brandKitChoiceRoutes({
        kits: [choiceKit({ id: SUMMER_KIT_ID, name: 'Summer drop', isDefault: false }), choiceKit()],
      }),
    );
    render();
    await waitFor(() => expect(select().value).toBe(MAIN_KIT_ID));
  });

  it("is hidden, and the kits never read, when the workspace's plan has no brand kits", async () => {
    const api = fakeApi(...brandKitChoiceRoutes({ plan: null }));
    render();
    await waitFor(() => expect(api.calls(listWorkspaces).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText(brandKitChoiceTexts.label)).toBeNull();
    expect(api.calls(listBrandKits)).toHaveLength(0);
    expect(sent()).toBe('none');
  });

  it('is hidden when the workspace has no kit', async () => {
    const api = fakeApi(...brandKitChoiceRoutes({ kits: [] }));
    render();
    await waitFor(() => expect(api.calls(listBrandKits).length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText(brandKitChoiceTexts.label)).toBeNull();
    expect(sent()).toBe('none');
  });
});
