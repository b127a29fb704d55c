/** Where Klipt keeps files (klips, thumbnails, avatars, uploads). Keys are always made by the server. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The URL browsers load the file from. */
  publicUrl(key: string): string;
  /** Set for the local folder: the app serves it under /files itself. */
  readonly localRoot?: string;
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
