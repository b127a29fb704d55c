import type { S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { loadConfig, type S3Config } from '#server/config.ts';
import { createS3Client } from '#server/providers/storage/s3-storage.ts';
import { freePort } from './free-port.ts';

export interface TestS3Server {
  /** http://127.0.0.1:{port} — give it to another process as S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** The environment that points Klipt at this bucket (a child process, createTestContext's env). */
  env: Record<string, string>;
  /** What loadConfig makes of `env` (frozen, like production's): path-style, access key id S3RVER, any secret. */
  config: S3Config;
  /** A client of this server, to look at the bucket beside the code under test. */
  client(): S3Client;
  /** Stops the server and deletes its files. */
  close(): Promise<void>;
}

/**
 * An S3 wire-format server (s3rver) in this process on a free port, with one empty bucket, its
 * objects in a temporary folder. It knows one access key id (S3RVER) and checks no SigV4
 * signature, only a presigned URL's expiry: prove privacy by the URLs Klipt hands out, not by
 * s3rver refusing a request (../shared/engineering/stack-notes.md).
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'klipt-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'klipt-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? (await freePort()),
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const { storage } = loadConfig(env);
  if (storage.driver !== 's3') throw new Error('the S3 settings must choose the S3 driver');
  const config: S3Config = storage;
  const clients: S3Client[] = [];
  return {
    endpoint,
    bucket,
    env,
    config,
    client() {
      const client = createS3Client(config);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
