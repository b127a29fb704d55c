import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config.ts';
import { assertValidKey, cacheControlFor, contentTypeForKey, type FileVisibility, type Storage } from './storage.ts';
import { signedUrlExpiry } from './url-signing.ts';

/** Streams go up in parts of this size, two at a time: a video never sits whole in memory. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Where a key lives in the bucket: `public/{key}` or `private/{key}`. Only `public/` may be
 * readable without a signature (bucket policy or CDN origin path, docs/operations.md#media-files);
 * making a klip private moves its files to `private/`, so its old public URLs stop working.
 */
export function objectKey(key: string, visibility: FileVisibility): string {
  assertValidKey(key);
  return `${visibility}/${key}`;
}

/** Files that start public are looked for there first (one request instead of two). */
const startsPublic = (key: string) => !key.startsWith('klips/') && !key.startsWith('uploads/') && !key.startsWith('brand-kits/');
const lookupOrder = (key: string): FileVisibility[] => (startsPublic(key) ? ['public', 'private'] : ['private', 'public']);

function isMissing(err: unknown): boolean {
  return err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // A copy: the SDK marks the credentials object it is given ($source), which fails on the frozen config.
    ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores (R2, older MinIO)
    // refuse the SDK's newer default CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The bucket's own address, for public files when no CDN (MEDIA_BASE_URL) is in front of it. */
export function bucketBaseUrl(config: S3Config): string {
  if (config.mediaBaseUrl) return config.mediaBaseUrl;
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  if (config.forcePathStyle) return `${endpoint.origin}/${config.bucket}`;
  return `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

export interface S3StorageOptions {
  /** Lifetime of a presigned URL. */
  signedUrlSeconds: number;
  client?: S3Client;
  now?: () => number;
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…) through the official AWS SDK v3. */
export function createS3Storage(config: S3Config, options: S3StorageOptions): Storage {
  const client = options.client ?? createS3Client(config);
  const now = options.now ?? Date.now;
  const Bucket = config.bucket;
  const baseUrl = bucketBaseUrl(config);

  const read = async (key: string) => {
    for (const visibility of lookupOrder(key)) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key, visibility) }));
        return object.Body as Readable;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return null;
  };

  const exists = async (objectName: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: objectName }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  };

  return {
    async put(key, data, { contentType, visibility }) {
      const params = { Bucket, Key: objectKey(key, visibility), ContentType: contentType, CacheControl: cacheControlFor(key, visibility) };
      if (data instanceof Readable) {
        await new Upload({ client, params: { ...params, Body: data }, partSize: PART_BYTES, queueSize: 2 }).done();
      } else {
        await client.send(new PutObjectCommand({ ...params, Body: data, ContentLength: data.length }));
      }
    },
    async get(key) {
      const body = await read(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    getStream: read,
    async delete(key) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket,
          Delete: { Objects: [{ Key: objectKey(key, 'public') }, { Key: objectKey(key, 'private') }], Quiet: true },
        }),
      );
    },
    async setVisibility(key, visibility) {
      const from = objectKey(key, visibility === 'public' ? 'private' : 'public');
      const to = objectKey(key, visibility);
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: to,
            CopySource: `${Bucket}/${from}`,
            MetadataDirective: 'REPLACE',
            ContentType: contentTypeForKey(key),
            CacheControl: cacheControlFor(key, visibility),
          }),
        );
      } catch (err) {
        // Already moved (a retry, or a second instance): nothing left to do.
        if (isMissing(err) && !(await exists(from))) return;
        throw err;
      }
      await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: from }], Quiet: true } }));
    },
    publicUrl(key) {
      return `${baseUrl}/${objectKey(key, 'public')}`;
    },
    async signedUrl(key) {
      const { signedAt, expiresAt } = signedUrlExpiry(now(), options.signedUrlSeconds);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey(key, 'private') }), {
        expiresIn: expiresAt - signedAt,
        signingDate: new Date(signedAt * 1000),
      });
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
