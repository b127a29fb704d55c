import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One writer per table (ADR 0020): only the engine writes generation_jobs; other modules call its index.ts.
const modules = path.resolve(import.meta.dirname, '..');
const writes = [
  /\b(insert|update|delete)\(\s*generationJobs\b/i,
  /\binsert\s+into\s+generation_jobs\b/i,
  /\bupdate\s+generation_jobs\b/i,
  /\bdelete\s+from\s+generation_jobs\b/i,
];
const writesGenerationJobs = (source: string) => writes.some((pattern) => pattern.test(source));

async function filesOutsideTheEngine(): Promise<string[]> {
  const files = await readdir(modules, { recursive: true });
  return files
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('generation/'));
}

describe('generation_jobs has one writer', () => {
  it('recognises a Drizzle or SQL write of the table', () => {
    expect(writesGenerationJobs('await tx.insert(generationJobs).values(rows)')).toBe(true);
    expect(writesGenerationJobs('db\n  .update(\n    generationJobs)')).toBe(true);
    expect(writesGenerationJobs('await db.delete(generationJobs)')).toBe(true);
    expect(writesGenerationJobs('sql`INSERT INTO generation_jobs (id) values (1)`')).toBe(true);
    expect(writesGenerationJobs("sql`update generation_jobs j set status = 'failed'`")).toBe(true);
    expect(writesGenerationJobs('sql`delete from generation_jobs where id = 1`')).toBe(true);
    expect(writesGenerationJobs('sql`select id from generation_jobs j join batch_items i on i.job_id = j.id`')).toBe(false);
    expect(writesGenerationJobs('db.select().from(generationJobs)')).toBe(false);
  });

  it('no module but generation writes it', async () => {
    const files = await filesOutsideTheEngine();
    expect(files).toContain('batches/repo.ts');
    const writers: string[] = [];
    for (const file of files) {
      if (writesGenerationJobs(await readFile(path.join(modules, file), 'utf8'))) writers.push(`src/server/modules/${file}`);
    }
    expect(writers, 'these files write generation_jobs: call the engine (modules/generation/index.ts) instead').toEqual([]);
  });
});
