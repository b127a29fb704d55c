import type { BrandFont, BrandKit, BrandKitList } from '#contracts/brand-kits.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { fakeApi, json, meFixture, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { listFixture, teamFixture, TEAM_ID, workspaceFixture } from '#web/lib/workspaces/testing/fixtures.ts';
import { getMe, listBrandKits, listWorkspaces } from '#contracts/routes.ts';

export const KIT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const OTHER_KIT_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const FONT_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

/** A kit as the API sends it. */
export function kitFixture(overrides: Partial<BrandKit> = {}): BrandKit {
  return {
    id: KIT_ID,
    workspaceId: TEAM_ID,
    name: 'Candle Co. main',
    isDefault: true,
    colors: [
      { name: 'Wax', hex: '#F4E9D8' },
      { name: 'Ember', hex: '#C2410C' },
    ],
    headingFont: { kind: 'catalog', id: 'playfair-display' },
    bodyFont: { kind: 'catalog', id: 'lato' },
    voice: 'Warm and calm.',
    avoidWords: ['cheap'],
    logos: { light: { url: '/files/logos/light.webp', width: 400, height: 120 }, dark: null },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function fontFixture(overrides: Partial<BrandFont> = {}): BrandFont {
  return {
    id: FONT_ID,
    family: 'Candle Serif',
    fileName: 'CandleSerif-Regular.otf',
    format: 'otf',
    url: '/files/fonts/candle-serif.otf?sig=1',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The fake server of the brand kit screens: a verified user working in a team on `plan` with
 * `role`, and the team's kits and fonts (a function, so a test can change them between answers).
 */
export function kitsServer(
  options: { plan?: WorkspaceSummary['plan']; role?: WorkspaceSummary['role']; list?: () => BrandKitList },
  ...extra: FakeRoute[]
) {
  const team = teamFixture({ plan: options.plan === undefined ? 'growth' : options.plan, role: options.role ?? 'owner' });
  const list = options.list ?? (() => ({ kits: [kitFixture()], fonts: [fontFixture()] }));
  return fakeApi(
    on(getMe, () => json(200, meFixture())),
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, workspaceFixture(), team))),
    on(listBrandKits, () => json(200, list())),
    ...extra,
  );
}
