import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCopy } from './klipt-texts.mjs';

// The text rule of docs/architecture.md ("Texts"): API messages in src/contracts/<domain>.ts, screen copy in
// src/web/features/<feature>/texts.ts, shared copy in src/web/lib/texts.ts. Inline JSX copy is refused by the
// klipt-texts/no-inline-copy lint rule; these tests hold the two halves a lint rule cannot see.

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => `${dir}/${f.split(path.sep).join('/')}`);
}

// Message objects, and the label and name maps a contract could hold (screen copy unless the server says them).
const MESSAGES_OBJECT = /export const (\w+(?:Messages|Labels|Names))\b[^=]*=\s*\{(.*?)\n\}/gs;

/** Every `export const xMessages = { key: … }` of the contracts with its keys. */
function messageKeys(source: string): { name: string; keys: string[] }[] {
  return [...source.matchAll(MESSAGES_OBJECT)].map((m) => ({
    name: m[1]!,
    keys: [...m[2]!.matchAll(/^ {2}(\w+)\s*:/gm)].map((k) => k[1]!),
  }));
}

describe('where texts live', () => {
  it('every texts.ts file sits at a fixed address: one per feature, one shared', () => {
    const misplaced = sourceFiles('src/web').filter(
      (f) => path.basename(f) === 'texts.ts' && !/^src\/web\/features\/[^/]+\/texts\.ts$/.test(f) && f !== 'src/web/lib/texts.ts',
    );
    expect(misplaced).toEqual([]);
  });

  it('a contract message is one the server sends (screen copy lives in the web app)', () => {
    const contracts = sourceFiles('src/contracts').map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
    // The server sends a message from its own code (the local AI is server code) or through a contract's validation rules.
    const senders = [
      ...[...sourceFiles('src/server'), ...sourceFiles('src/local-ai')].map((f) => readFileSync(path.join(root, f), 'utf8')),
      ...contracts.map(({ source }) => source.replaceAll(MESSAGES_OBJECT, '')),
    ].join('\n');
    const screenCopy = contracts.flatMap(({ file, source }) =>
      messageKeys(source).flatMap(({ name, keys }) =>
        keys.filter((key) => !new RegExp(`\\b${name}\\.${key}\\b`).test(senders)).map((key) => `${file}: ${name}.${key}`),
      ),
    );
    expect(screenCopy).toEqual([]);
  });

  it('finds the message keys of a contract, and tells copy from layout', () => {
    const found = messageKeys(
      "export const fooMessages = {\n  notFound: 'Not found.',\n  // note\n  gone: `x`,\n} as const;\nexport const barLabels: Record<Bar, string> = {\n  a: 'A',\n};\n",
    );
    expect(found).toEqual([
      { name: 'fooMessages', keys: ['notFound', 'gone'] },
      { name: 'barLabels', keys: ['a'] },
    ]);
    expect([isCopy('Load More'), isCopy('Créer'), isCopy(' · '), isCopy('4 × 5'), isCopy('')]).toEqual([true, true, false, false, false]);
  });
});
