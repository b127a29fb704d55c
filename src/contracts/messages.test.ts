import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const contractsDir = import.meta.dirname;
const serverDir = path.resolve(contractsDir, '../server');

/** Every `…Messages` object exported by a contract file: the texts users see, one home each. */
async function messageTables(): Promise<Array<{ name: string; table: Record<string, unknown> }>> {
  const tables: Array<{ name: string; table: Record<string, unknown> }> = [];
  // A table one module re-exports from another (klips.ts from klip-rules.ts) is the same object: one home.
  const found = new Set<unknown>();
  for (const file of readdirSync(contractsDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(contractsDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Messages') || !value || typeof value !== 'object' || found.has(value)) continue;
      found.add(value);
      tables.push({ name: `${file}:${name}`, table: value as Record<string, unknown> });
    }
  }
  return tables;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('user-facing messages', () => {
  it('each text has one home: no two message constants hold the same words', async () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { name, table } of await messageTables()) {
      for (const [key, text] of Object.entries(table)) {
        if (typeof text !== 'string') continue;
        const other = seen.get(text);
        if (other) duplicates.push(`"${text}": ${other} and ${name}.${key}`);
        else seen.set(text, `${name}.${key}`);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(duplicates).toEqual([]);
  });

  it('the server never writes a user-facing message inline: every AppError and ProviderError takes it from a contract', () => {
    const inline: string[] = [];
    for (const file of sourceFiles(serverDir)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/new AppError\(\s*'[A-Z_]+'\s*,\s*[`'"]|new ProviderError\(\{[^}]*\bmessage:\s*[`'"]/g)) {
        const line = source.slice(0, match.index).split('\n').length;
        inline.push(`${path.relative(serverDir, file)}:${line}`);
      }
    }
    expect(inline).toEqual([]);
  });
});
