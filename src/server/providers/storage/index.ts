import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';
import { mediaSigningKey, requireSessionSecret } from './url-signing.ts';

/**
 * The storage the configuration names (STORAGE_DRIVER / S3_BUCKET); the local folder by default.
 * The AWS SDK is loaded only for a bucket (docs/operations.md#memory).
 */
export async function createStorageFromConfig(config: Config): Promise<Storage> {
  if (config.storage.driver === 's3') {
    const { createS3Storage } = await import('./s3-storage.ts');
    return createS3Storage(config.storage, { signedUrlSeconds: config.signedUrlSeconds });
  }
  return createLocalStorage(path.join(config.dataDir, 'storage'), {
    signingKey: mediaSigningKey(requireSessionSecret(config)),
    signedUrlSeconds: config.signedUrlSeconds,
  });
}
