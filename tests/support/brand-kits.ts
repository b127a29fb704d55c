import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrandKit, BrandKitInput } from '#contracts/brand-kits.ts';
import type { PlanId } from '#contracts/plans.ts';
import { userWithId } from './stored-klip.ts';
import { SAME_ORIGIN, type TestContext } from './test-app.ts';
import { addMember, createTeam, givePlan } from './workspaces.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Real font files shipped in node_modules: Inter as TTF (Google Fonts' file) and as a Latin WOFF2 subset. */
export const fontFiles = {
  ttf: path.join(root, 'node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  woff2: path.join(root, 'node_modules/@fontsource-variable/inter/files/inter-latin-standard-normal.woff2'),
} as const;

/** A valid brand kit body, with changes. */
export function kitInput(changes: Partial<BrandKitInput> = {}): BrandKitInput {
  return {
    name: 'Main',
    colors: [
      { name: 'Ink', hex: '#111111' },
      { name: 'Accent', hex: '#ff5500' },
    ],
    headingFont: { kind: 'catalog', id: 'montserrat' },
    bodyFont: { kind: 'catalog', id: 'inter' },
    voice: 'Warm and short.',
    avoidWords: ['cheap'],
    ...changes,
  };
}

/** The brand files stored for a workspace (local storage), as keys. */
export async function storedBrandFiles(ctx: TestContext, workspaceId: string): Promise<string[]> {
  const folder = path.join(ctx.dataDir, 'storage', 'brand-kits', workspaceId);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(path.join(ctx.dataDir, 'storage'), path.join(e.parentPath, e.name)))
    .sort();
}

export const kitsUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/brand-kits`;
export const kitUrl = (workspaceId: string, kitId: string) => `${kitsUrl(workspaceId)}/${kitId}`;
export const fontsUrl = (workspaceId: string) => `/api/workspaces/${workspaceId}/brand-fonts`;

type Person = { id: string; cookie: string };
export interface BrandTeam {
  id: string;
  owner: Person;
  admin: Person;
  member: Person;
}

let teams = 0;
/** A team with a signed-in owner, admin and member, on `plan` (Growth by default; null for none). */
export async function brandTeam(ctx: TestContext, plan: PlanId | null = 'growth'): Promise<BrandTeam> {
  const n = ++teams;
  const db = ctx.database.db;
  const [owner, admin, member] = await Promise.all(
    ['owner', 'admin', 'member'].map((role) => userWithId(ctx, `brand-${role}-${n}-${process.pid}@example.com`)),
  );
  const id = await createTeam(db, owner!.id, `Brand team ${n}`);
  await addMember(db, id, admin!.id, 'admin');
  await addMember(db, id, member!.id, 'member');
  if (plan) await givePlan(db, id, owner!.id, plan);
  return { id, owner: owner!, admin: admin!, member: member! };
}

/** Creates a kit through the API (as a member would); throws unless it was created. */
export async function createBrandKit(ctx: TestContext, cookie: string, workspaceId: string, changes: Partial<BrandKitInput> = {}) {
  const res = await ctx.app.server.inject({
    method: 'POST',
    url: kitsUrl(workspaceId),
    headers: { ...SAME_ORIGIN, cookie },
    payload: kitInput(changes),
  });
  if (res.statusCode !== 201) throw new Error(`creating a brand kit failed: ${res.statusCode} ${res.body}`);
  return res.json<BrandKit>();
}
