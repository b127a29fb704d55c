import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { migrateLocalToS3, s3ObjectSizes } from '#server/providers/storage/migrate-local-to-s3.ts';
import { createS3Client } from '#server/providers/storage/s3-storage.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run storage:migrate — with the S3 settings in the environment (STORAGE_DRIVER=s3, S3_BUCKET…).
// Copies DATA_DIR/storage into the bucket; safe to run again (docs/operations.md#media-files).
const driver = (() => {
  try {
    return loadConfig().storage.driver;
  } catch {
    return undefined; // openCliRuntime says what is wrong with the configuration.
  }
})();
if (driver === 'local') {
  console.error(
    '✖ storage:migrate copies DATA_DIR/storage into a bucket: set STORAGE_DRIVER=s3 and S3_BUCKET (and S3_ENDPOINT… for a non-AWS store).',
  );
  process.exit(1);
}

const runtime = await openCliRuntime();
let failed = 0;
try {
  const config = runtime.config.storage;
  if (config.driver !== 's3') throw new Error('unreachable: the storage driver was checked above');
  const localRoot = path.join(runtime.config.dataDir, 'storage');
  await runtime.storage.check().catch((err: unknown) => {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = status ? `${(err as Error).name} (HTTP ${status})` : (err as Error).message;
    throw new Error(`the bucket ${config.bucket} cannot be reached: ${reason}`);
  });
  console.log(`Copying ${localRoot} into the bucket ${config.bucket}…`);
  const summary = await migrateLocalToS3({
    db: runtime.database.db,
    localRoot,
    target: runtime.storage,
    sizeInBucket: s3ObjectSizes(createS3Client(config), config.bucket),
    log: (line) => (line.startsWith('✖') ? console.error(line) : console.log(line)),
  });
  failed = summary.failed;
  console.log(
    `${failed > 0 ? '✖' : '✔'} copied ${summary.copied}, moved ${summary.moved}, already there ${summary.skipped}, ` +
      `orphans ${summary.orphans}, ignored ${summary.ignored}, failed ${summary.failed}` +
      (failed > 0 ? ' — run it again to retry the failed files' : ''),
  );
} catch (err) {
  console.error(`✖ ${(err as Error).message}`);
  failed = 1;
} finally {
  await runtime.stop();
}
if (failed > 0) process.exit(1);
