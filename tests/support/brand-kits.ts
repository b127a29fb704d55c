import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrandKitInput } from '#contracts/brand-kits.ts';
import type { TestContext } from './test-app.ts';

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
