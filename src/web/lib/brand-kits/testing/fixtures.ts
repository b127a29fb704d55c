import type { BrandKit } from '#contracts/brand-kits.ts';
import type { WorkspaceSummary } from '#contracts/workspaces.ts';
import { json, on, type FakeRoute } from '#test-support/web/fake-api.ts';
import { listFixture, teamFixture, TEAM_ID, workspaceFixture } from '../../workspaces/testing/fixtures.ts';
import { listBrandKits, listWorkspaces } from '#contracts/routes.ts';

export const MAIN_KIT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const SUMMER_KIT_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

/** A kit as the API lists it. */
export function choiceKit(overrides: Partial<BrandKit> = {}): BrandKit {
  return {
    id: MAIN_KIT_ID,
    workspaceId: TEAM_ID,
    name: 'Candle Co. main',
    isDefault: true,
    colors: [{ name: 'Ember', hex: '#C2410C' }],
    headingFont: { kind: 'catalog', id: 'playfair-display' },
    bodyFont: { kind: 'catalog', id: 'lato' },
    voice: 'Warm and calm.',
    avoidWords: ['cheap'],
    logos: { light: null, dark: null },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** The default kit first (as the API orders them), then 'Summer drop'. */
export const twoKits = () => [choiceKit(), choiceKit({ id: SUMMER_KIT_ID, name: 'Summer drop', isDefault: false })];

/** The fake routes 'Use brand kit' reads: the user works in a team on `plan` with `kits`. */
export function brandKitChoiceRoutes(options: { plan?: WorkspaceSummary['plan']; kits?: BrandKit[] } = {}): FakeRoute[] {
  const team = teamFixture({ plan: options.plan === undefined ? 'growth' : options.plan });
  return [
    on(listWorkspaces, () => json(200, listFixture(TEAM_ID, workspaceFixture(), team))),
    on(listBrandKits, () => json(200, { kits: options.kits ?? twoKits(), fonts: [] })),
  ];
}
