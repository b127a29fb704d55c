import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';

/** What a zero-setup install generates once and keeps in DATA_DIR/secrets.json (mode 0600). */
export interface StoredSecrets {
  sessionSecret: string;
  /** base64 of the 32-byte AES-256-GCM key that encrypts store access tokens. */
  storeTokenKey: string;
}

const generators: { [K in keyof StoredSecrets]: () => string } = {
  sessionSecret: () => randomBytes(32).toString('base64url'),
  storeTokenKey: () => randomBytes(32).toString('base64'),
};

function usable(key: keyof StoredSecrets, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  return key === 'sessionSecret' ? value.length >= 32 : Buffer.from(value, 'base64').length === 32;
}

/**
 * The secrets of a zero-setup install: generated once, kept in DATA_DIR/secrets.json so sessions
 * and stored tokens survive restarts; a secret missing from an older file is added to it, the
 * others kept. SESSION_SECRET and STORE_TOKEN_KEY, when set, win (start-server.ts).
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<StoredSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<keyof StoredSecrets, unknown>> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as typeof stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const keys = Object.keys(generators) as (keyof StoredSecrets)[];
  if (keys.every((key) => usable(key, stored[key]))) return stored as StoredSecrets;
  const secrets = Object.fromEntries(
    keys.map((key) => [key, usable(key, stored[key]) ? stored[key] : generators[key]()]),
  ) as unknown as StoredSecrets;
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(tmp, file);
  return secrets;
}

/** The session secret alone (tests and callers that need nothing else). */
export async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  return (await loadOrCreateSecrets(dataDir)).sessionSecret;
}
