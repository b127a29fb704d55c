import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';
import { mediaSigningKey, requireSessionSecret } from './url-signing.ts';

/** The storage the configuration names (STORAGE_DRIVER / S3_BUCKET); the local folder by default. */
export function createStorageFromConfig(config: Config): Storage {
  if (config.storage.driver === 's3') return createS3Storage(config.storage, { signedUrlSeconds: config.signedUrlSeconds });
  return createLocalStorage(path.join(config.dataDir, 'storage'), {
    signingKey: mediaSigningKey(requireSessionSecret(config)),
    signedUrlSeconds: config.signedUrlSeconds,
  });
}
