import type { Readable } from 'node:stream';

/**
 * Who may load a file by URL: `public` files have stable, long-cacheable URLs (public klips,
 * avatars, inspirations); `private` ones are reached only through short-lived signed URLs
 * (private klips, uploads, generation inputs). docs/operations.md#media-files
 */
export type FileVisibility = 'public' | 'private';

export interface PutOptions {
  contentType: string;
  visibility: FileVisibility;
}

/** Where Klipt keeps files (klips, thumbnails, avatars, uploads). Keys are always made by the server. */
export interface Storage {
  /** Stores a file; a stream (a video) goes up in parts instead of whole in memory. */
  put(key: string, data: Buffer | Readable, options: PutOptions): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream (downloads of large files); null when missing. */
  getStream(key: string): Promise<Readable | null>;
  /** Removes the file whatever its visibility; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Makes an existing file public or private; idempotent, and a missing file is not an error. */
  setVisibility(key: string, visibility: FileVisibility): Promise<void>;
  /** The stable URL browsers load a public file from. */
  publicUrl(key: string): string;
  /** A URL of a private file that stops working after the configured lifetime (SIGNED_URL_SECONDS). */
  signedUrl(key: string): Promise<string>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
  /** Set for the local folder: the app serves it under /files itself. */
  readonly localRoot?: string;
}

/** The URL a viewer already allowed to see the file gets: stable when public, signed when private. */
export function fileUrl(storage: Storage, key: string, visibility: FileVisibility): Promise<string> {
  return visibility === 'public' ? Promise.resolve(storage.publicUrl(key)) : storage.signedUrl(key);
}

/** A klip's files follow the klip. */
export const klipFileVisibility = (klip: { isPublic: boolean }): FileVisibility => (klip.isPublic ? 'public' : 'private');

/**
 * How long others may keep a file: a public klip's files, sized copies and link-preview card an hour (the klip may become private),
 * avatars and inspirations a year (keys hold a random id and are never rewritten), private files
 * only in the viewer's own cache.
 */
export function cacheControlFor(key: string, visibility: FileVisibility): string {
  if (visibility === 'private') return 'private, max-age=300';
  if (key.startsWith('klips/') || key.startsWith('social/') || key.startsWith('renditions/')) return 'public, max-age=3600';
  return 'public, max-age=31536000, immutable';
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*)+$/;

/** Rejects anything that is not a server-made key (no '..', no absolute paths, no odd characters). */
export function assertValidKey(key: string): void {
  if (key.length > 300 || !KEY_PATTERN.test(key) || key.includes('..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}

const contentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
};

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return contentTypes[ext] ?? 'application/octet-stream';
}
