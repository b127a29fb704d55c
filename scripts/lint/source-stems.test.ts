import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0021: within one feature, a file's name says what it is; two files named alike (`api/klips.ts`
// and `components/klips.tsx`) read as one thing and make an import line ambiguous.

const root = path.resolve(import.meta.dirname, '../..');

/** The folders that each hold one feature: a server module (each of God Mode's own), a web feature, a provider, the local AI. */
const FEATURE =
  /^(src\/server\/modules\/admin\/[^/]+(?=\/)|src\/server\/modules\/[^/]+|src\/server\/providers\/ai\/[^/]+(?=\/)|src\/server\/providers\/[^/]+|src\/web\/features\/[^/]+|src\/local-ai)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** A file's name without its folder, `.test` and extension: `components/klips.tsx` → `klips`. */
const stem = (file: string) => path.posix.basename(file).replace(/(\.test|\.spec)?\.(tsx?|mjs)$/, '');

/** The files that share their stem with another file of the same feature, grouped. */
function sameStemFiles(files: string[]): string[][] {
  const byFeatureAndStem = new Map<string, string[]>();
  for (const file of files) {
    const feature = FEATURE.exec(file)?.[1];
    if (feature === undefined) continue;
    const key = `${feature} ${stem(file)}`;
    byFeatureAndStem.set(key, [...(byFeatureAndStem.get(key) ?? []), file]);
  }
  return [...byFeatureAndStem.values()].filter((group) => group.length > 1);
}

describe('source file names', () => {
  it('finds two files of one feature with the same stem, and none across features', () => {
    expect(
      sameStemFiles([
        'src/web/features/klips/api/klips.ts',
        'src/web/features/klips/components/klips.tsx',
        'src/web/features/share/klips.tsx',
        'src/server/providers/ai/bfl/client.ts',
        'src/server/providers/ai/segmind/client.ts',
      ]),
    ).toEqual([['src/web/features/klips/api/klips.ts', 'src/web/features/klips/components/klips.tsx']]);
  });

  it('never repeat a stem within one feature', () => {
    expect(sameStemFiles(sourceFiles('src'))).toEqual([]);
  });
});
