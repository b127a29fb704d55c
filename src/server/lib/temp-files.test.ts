import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test-support/test-app.ts';
import { waitFor } from '#test-support/wait-for.ts';
import { removeStaleTempFiles, STALE_TEMP_AGE_MS, sweepTempFilesTask, tempPlaces } from './temp-files.ts';

// postgres-pass: same

/**
 * A process killed while writing leaves its temporary file behind (issue 24: "an orphaned .tmp
 * file after a crash is never removed"). Stale ones are removed at start and every hour.
 */
let root: string;
const systemTemp = process.env['TMPDIR'];
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'temp-files-test-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
afterEach(() => {
  if (systemTemp === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = systemTemp;
});

/** Writes a file (or, with `folder`, a folder with a file in it) last modified `ageMs` ago. */
async function leftover(file: string, ageMs: number, options: { folder?: boolean } = {}): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  if (options.folder) {
    await mkdir(file, { recursive: true });
    await writeFile(path.join(file, 'frame-0001.png'), 'frame');
  } else await writeFile(file, 'half a file');
  const when = new Date(Date.now() - ageMs);
  await utimes(file, when, when);
  return file;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const OLD = STALE_TEMP_AGE_MS + 60_000;
const FRESH = 60_000;

describe('removeStaleTempFiles', () => {
  it("removes Klipt's stale temporary files and working folders, and nothing fresh or anyone else's", async () => {
    const base = await mkdtemp(path.join(root, 'places-'));
    const [dataDir, systemTempDir] = [path.join(base, 'data'), path.join(base, 'tmp')];
    const storage = path.join(dataDir, 'storage');
    const stale = [
      await leftover(path.join(storage, 'klips/u1', `job.png.${randomUUID()}.tmp`), OLD),
      await leftover(path.join(storage, 'exports/k1', `story-pad.jpg.${randomUUID()}.tmp`), OLD),
      await leftover(path.join(dataDir, 'outbox', '2025-01-01-id.eml.tmp'), OLD),
      await leftover(path.join(dataDir, 'secrets.json.1234.tmp'), OLD),
      await leftover(path.join(systemTempDir, `klipt-upload-${randomUUID()}`), OLD),
      await leftover(path.join(systemTempDir, 'klipt-video-Ab12Cd'), OLD, { folder: true }),
      await leftover(path.join(systemTempDir, 'klipt-probe-Xy34Zw'), OLD, { folder: true }),
    ];
    const kept = [
      await leftover(path.join(storage, 'klips/u1', `other.png.${randomUUID()}.tmp`), FRESH),
      await leftover(path.join(storage, 'klips/u1', 'job.png'), OLD),
      await leftover(path.join(dataDir, 'db', 'base', 'pg_internal.tmp'), OLD),
      await leftover(path.join(systemTempDir, `klipt-upload-${randomUUID()}`), FRESH),
      await leftover(path.join(systemTempDir, 'someone-else.tmp'), OLD),
      await leftover(path.join(systemTempDir, 'klipt-test-abc', 'x.tmp'), OLD),
      await leftover(path.join(systemTempDir, 'klipt-uploads-test-abc'), OLD, { folder: true }),
    ];

    const places = tempPlaces({ dataDir, storageRoot: storage, systemTemp: systemTempDir });
    const removed = await removeStaleTempFiles(places, { olderThanMs: STALE_TEMP_AGE_MS });
    expect(removed.sort()).toEqual([...stale].sort());
    for (const file of stale) expect(await exists(file), file).toBe(false);
    for (const file of kept) expect(await exists(file), file).toBe(true);
  });

  it('takes missing folders (no outbox yet, S3 storage) in its stride', async () => {
    const dataDir = path.join(root, 'never-created');
    const places = tempPlaces({ dataDir, storageRoot: undefined, systemTemp: path.join(dataDir, 'tmp') });
    await expect(removeStaleTempFiles(places, { olderThanMs: STALE_TEMP_AGE_MS })).resolves.toEqual([]);
  });
});

describe('the sweep-temp-files worker task', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('removes what a crash left in the storage folder and the temporary folder when the workers start', async () => {
    const systemTempDir = await mkdtemp(path.join(root, 'system-'));
    process.env['TMPDIR'] = systemTempDir;
    ctx = await createTestContext({ workers: false });
    const storageRoot = ctx.storage.localRoot!;
    const crashedPut = await leftover(path.join(storageRoot, 'klips/u1', `job.png.${randomUUID()}.tmp`), OLD);
    const crashedUpload = await leftover(path.join(systemTempDir, `klipt-upload-${randomUUID()}`), OLD);
    const writing = await leftover(path.join(storageRoot, 'klips/u1', `next.png.${randomUUID()}.tmp`), FRESH);

    await ctx.startWorkers({ tasks: ['sweep-temp-files'] });
    await waitFor(async () => !(await exists(crashedPut)) && !(await exists(crashedUpload)), {
      message: 'the stale temporary files to be removed',
    });
    expect(await exists(writing)).toBe(true);
  });

  it('runs at start and every hour (the test above finds it registered: startWorkers runs only listed tasks)', () => {
    expect(sweepTempFilesTask).toMatchObject({ name: 'sweep-temp-files', atStart: true, everySeconds: 3_600 });
  });
});
