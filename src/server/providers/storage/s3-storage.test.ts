import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '#test-support/s3-server.ts';
import { loadConfig, type S3Config } from '../../config.ts';
import { createS3Client, createS3Storage } from './s3-storage.ts';
import { cacheControlFor, type FileVisibility } from './storage.ts';

const SIGNED_URL_SECONDS = 900;
let s3: TestS3Server;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.client();
});
afterAll(async () => {
  await s3?.close();
});

const storage = (options: { now?: () => number; client?: S3Client } = {}) =>
  createS3Storage(s3.config, { signedUrlSeconds: SIGNED_URL_SECONDS, ...options });

/** The object's headers at `{visibility}/{key}`, or null when that prefix does not hold it. */
async function head(key: string, visibility: FileVisibility) {
  try {
    return await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${visibility}/${key}` }));
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw err;
  }
}

async function objectNames(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

/** The command names a client sends, recorded before anything goes on the wire. */
function recordingClient(config: S3Config = s3.config): { client: S3Client; commands: string[] } {
  const client = createS3Client(config);
  const commands: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      commands.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize' },
  );
  return { client, commands };
}

const withConfig = (overrides: Partial<S3Config>): S3Config => ({ ...s3.config, ...overrides });
const publicUrl = (c: S3Config, key: string) => createS3Storage(c, { signedUrlSeconds: SIGNED_URL_SECONDS }).publicUrl(key);

describe('S3 storage', () => {
  it('puts a buffer under its visibility prefix and reads it back, with its content type and cache lifetime', async () => {
    const files = storage();
    const key = 'klips/u1/put-buffer.png';
    await files.put(key, Buffer.from('png bytes'), { contentType: 'image/png', visibility: 'private' });

    expect((await files.get(key))?.toString()).toBe('png bytes');
    const stored = await head(key, 'private');
    expect(stored?.ContentType).toBe('image/png');
    expect(stored?.CacheControl).toBe(cacheControlFor(key, 'private'));
    expect(stored?.CacheControl).toBe('private, max-age=300');
    expect(await head(key, 'public')).toBeNull();
  });

  it.each([
    ['klips/u1/public-klip.png', 'image/png', 'public, max-age=3600'],
    ['avatars/u1/avatar.webp', 'image/webp', 'public, max-age=31536000, immutable'],
  ])('stores %s public with Cache-Control %j', async (key, contentType, cacheControl) => {
    await storage().put(key, Buffer.from('x'), { contentType, visibility: 'public' });
    const stored = await head(key, 'public');
    expect(stored?.ContentType).toBe(contentType);
    expect(stored?.CacheControl).toBe(cacheControl);
  });

  it('streams a video larger than one part up in parts, and back down, byte for byte', async () => {
    const { client, commands } = recordingClient();
    const total = 20 * 1024 * 1024;
    const chunkBytes = 1024 * 1024;
    const sent = createHash('sha256');
    let produced = 0;
    /** Source bytes read by the upload when each part request went out. */
    const producedAtPart: number[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        if (context.commandName === 'UploadPartCommand') producedAtPart.push(produced);
        return next(args);
      },
      { step: 'initialize' },
    );
    const source = Readable.from(
      (function* () {
        for (let i = 0; produced < total; i++) {
          const chunk = Buffer.alloc(chunkBytes, i % 251);
          chunk.writeUInt32BE(i);
          produced += chunk.length;
          sent.update(chunk);
          yield chunk;
        }
      })(),
    );
    const files = storage({ client });
    const key = 'klips/u1/large-video.mp4';

    await files.put(key, source, { contentType: 'video/mp4', visibility: 'private' });

    // lib-storage's multipart upload: 8 MiB parts, so 20 MiB makes three.
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CreateMultipartUploadCommand');
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(commands).not.toContain('PutObjectCommand');
    // The first part left before the source was read to its end: the file never sat whole in memory.
    expect(producedAtPart[0]).toBeLessThan(total);
    expect((await head(key, 'private'))?.ContentLength).toBe(total);

    const stream = await files.getStream(key);
    expect(stream).not.toBeNull();
    const received = createHash('sha256');
    let reads = 0;
    let length = 0;
    for await (const chunk of stream!) {
      received.update(chunk as Buffer);
      length += (chunk as Buffer).length;
      reads++;
    }
    expect(length).toBe(total);
    expect(reads).toBeGreaterThan(1);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
  });

  it('deletes a file whatever its prefix; a missing file is not an error', async () => {
    const files = storage();
    await files.put('uploads/u1/private-upload.png', Buffer.from('a'), { contentType: 'image/png', visibility: 'private' });
    await files.put('avatars/u2/avatar.webp', Buffer.from('b'), { contentType: 'image/webp', visibility: 'public' });

    await files.delete('uploads/u1/private-upload.png');
    await files.delete('avatars/u2/avatar.webp');
    await files.delete('avatars/u2/never-stored.webp');

    expect(await head('uploads/u1/private-upload.png', 'private')).toBeNull();
    expect(await head('avatars/u2/avatar.webp', 'public')).toBeNull();
    expect(await files.get('avatars/u2/avatar.webp')).toBeNull();
  });

  it('answers null for a missing file, from get and getStream', async () => {
    const files = storage();
    expect(await files.get('klips/u1/missing.png')).toBeNull();
    expect(await files.getStream('klips/u1/missing.png')).toBeNull();
    expect(await files.getStream('avatars/u1/missing.webp')).toBeNull();
  });

  it('finds a file at either prefix whichever it starts at', async () => {
    const files = storage();
    await files.put('klips/u1/found-public.png', Buffer.from('klip'), { contentType: 'image/png', visibility: 'public' });
    await files.put('avatars/u3/avatar.webp', Buffer.from('avatar'), { contentType: 'image/webp', visibility: 'private' });
    expect((await files.get('klips/u1/found-public.png'))?.toString()).toBe('klip');
    expect((await files.get('avatars/u3/avatar.webp'))?.toString()).toBe('avatar');
  });

  it('moves a file between the prefixes as its visibility changes, idempotently, with the headers of its new visibility', async () => {
    const files = storage();
    const key = 'klips/u1/moving.png';
    const where = async () =>
      [(await head(key, 'public')) ? 'public' : null, (await head(key, 'private')) ? 'private' : null].filter(Boolean);
    await files.put(key, Buffer.from('moving bytes'), { contentType: 'image/png', visibility: 'private' });

    await files.setVisibility(key, 'public');
    expect(await where()).toEqual(['public']);
    const published = await head(key, 'public');
    expect(published?.CacheControl).toBe('public, max-age=3600');
    expect(published?.ContentType).toBe('image/png');
    await files.setVisibility(key, 'public');
    expect(await where()).toEqual(['public']);

    await files.setVisibility(key, 'private');
    expect(await where()).toEqual(['private']);
    expect((await head(key, 'private'))?.CacheControl).toBe('private, max-age=300');
    await files.setVisibility(key, 'private');
    expect(await where()).toEqual(['private']);
    expect((await files.get(key))?.toString()).toBe('moving bytes');
  });

  it('finishes a move that was cut off between the copy and the delete', async () => {
    const files = storage();
    const key = 'klips/u1/half-moved.png';
    await files.put(key, Buffer.from('old'), { contentType: 'image/png', visibility: 'private' });
    await files.put(key, Buffer.from('old'), { contentType: 'image/png', visibility: 'public' });

    await files.setVisibility(key, 'public');

    expect(await head(key, 'private')).toBeNull();
    expect((await files.get(key))?.toString()).toBe('old');
  });

  it('takes a visibility change of a missing file as done, and creates nothing', async () => {
    const files = storage();
    await files.setVisibility('klips/u1/gone.png', 'public');
    await files.setVisibility('klips/u1/gone.png', 'private');
    expect(await objectNames('public/klips/u1/gone')).toEqual([]);
    expect(await objectNames('private/klips/u1/gone')).toEqual([]);
  });

  describe('public URLs', () => {
    it('are path-style on a custom endpoint that asks for it, and serve the file', async () => {
      const key = 'avatars/u4/avatar.webp';
      await storage().put(key, Buffer.from('avatar bytes'), { contentType: 'image/webp', visibility: 'public' });
      const url = publicUrl(s3.config, key);
      expect(url).toBe(`${s3.endpoint}/${s3.bucket}/public/${key}`);
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(await response.text()).toBe('avatar bytes');
    });

    it('are on the bucket host on AWS by default', () => {
      const aws = withConfig({ bucket: 'klipt-media', endpoint: undefined, region: 'eu-west-3', forcePathStyle: false });
      expect(publicUrl(aws, 'avatars/u1/avatar.webp')).toBe('https://klipt-media.s3.eu-west-3.amazonaws.com/public/avatars/u1/avatar.webp');
    });

    it('are on the bucket host of a custom endpoint without path style', () => {
      const r2 = withConfig({ bucket: 'media', endpoint: 'https://account.r2.cloudflarestorage.com', forcePathStyle: false });
      expect(publicUrl(r2, 'klips/u1/a.png')).toBe('https://media.account.r2.cloudflarestorage.com/public/klips/u1/a.png');
    });

    it('are under MEDIA_BASE_URL when a CDN is in front, its trailing slash dropped', () => {
      const { storage: fromEnv } = loadConfig({
        S3_BUCKET: 'klipt-media',
        S3_ENDPOINT: 'https://s3.example.com/',
        MEDIA_BASE_URL: 'https://cdn.example.com/media/',
      });
      if (fromEnv.driver !== 's3') throw new Error('S3_BUCKET must choose the S3 driver');
      expect(fromEnv.endpoint).toBe('https://s3.example.com');
      expect(publicUrl(fromEnv, 'avatars/u1/avatar.webp')).toBe('https://cdn.example.com/media/public/avatars/u1/avatar.webp');
    });
  });

  describe('signed URLs', () => {
    const key = 'klips/u1/signed.png';
    beforeAll(async () => {
      await storage().put(key, Buffer.from('private bytes'), { contentType: 'image/png', visibility: 'private' });
    });

    it('are presigned GETs of the private object that expire within SIGNED_URL_SECONDS', async () => {
      const url = new URL(await storage().signedUrl(key));
      expect(`${url.origin}${url.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/private/${key}`);
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      expect(expires).toBeGreaterThan(0);
      expect(expires).toBeLessThanOrEqual(SIGNED_URL_SECONDS);
      expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(url.toString()).not.toContain('/public/');
      expect(url.toString().startsWith(storage().publicUrl(key))).toBe(false);
    });

    it('stay the same URL within a step, and end no later than SIGNED_URL_SECONDS from now', async () => {
      const start = Date.UTC(2026, 10, 1, 12, 0, 0);
      let now = start;
      const files = storage({ now: () => now });
      const first = await files.signedUrl(key);
      now = start + 60_000;
      expect(await files.signedUrl(key)).toBe(first);

      // The URL's life counts from its X-Amz-Date: it always ends within SIGNED_URL_SECONDS of the moment it was handed out.
      const url = new URL(first);
      const signedAt = Date.parse(
        url.searchParams.get('X-Amz-Date')!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      );
      const endsAt = signedAt + Number(url.searchParams.get('X-Amz-Expires')) * 1000;
      expect(signedAt).toBeLessThanOrEqual(start);
      expect(endsAt).toBeGreaterThan(now);
      expect(endsAt).toBeLessThanOrEqual(start + SIGNED_URL_SECONDS * 1000);

      now = start + 301_000;
      expect(await files.signedUrl(key)).not.toBe(first);
    });

    it('fetch the file from the bucket until they expire', async () => {
      const response = await fetch(await storage().signedUrl(key));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('private bytes');

      // s3rver checks no signature, but it does check X-Amz-Date + X-Amz-Expires.
      const handedOutLongAgo = storage({ now: () => Date.now() - (SIGNED_URL_SECONDS + 1) * 1000 });
      const expired = await fetch(await handedOutLongAgo.signedUrl(key));
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    });
  });

  it('checks that the bucket answers, and fails for a bucket that does not exist', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' }, { signedUrlSeconds: SIGNED_URL_SECONDS });
    await expect(missing.check()).rejects.toMatchObject({ name: 'NotFound', $metadata: { httpStatusCode: 404 } });
  });

  it.each(['../etc/passwd', '/abs/path.png', 'klips/../../x.png', 'klips/u1/a b.png', 'klips', 'Klips/x.png', ''])(
    'refuses the key %j before sending anything',
    async (key) => {
      const { client, commands } = recordingClient();
      const files = storage({ client });
      const refused = /invalid storage key/;
      await expect(files.put(key, Buffer.from('x'), { contentType: 'image/png', visibility: 'public' })).rejects.toThrow(refused);
      await expect(files.put(key, Readable.from([Buffer.from('x')]), { contentType: 'image/png', visibility: 'public' })).rejects.toThrow(
        refused,
      );
      await expect(files.get(key)).rejects.toThrow(refused);
      await expect(files.getStream(key)).rejects.toThrow(refused);
      await expect(files.delete(key)).rejects.toThrow(refused);
      await expect(files.setVisibility(key, 'public')).rejects.toThrow(refused);
      await expect(files.signedUrl(key)).rejects.toThrow(refused);
      expect(() => files.publicUrl(key)).toThrow(refused);
      expect(commands).toEqual([]);
    },
  );
});
