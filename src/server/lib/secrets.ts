import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';

interface StoredSecrets {
  sessionSecret: string;
}

/**
 * The session secret of a zero-setup install: generated once, kept in DATA_DIR/secrets.json
 * (mode 0600) so sessions survive restarts. SESSION_SECRET, when set, wins.
 */
export async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<StoredSecrets>;
    if (typeof stored.sessionSecret === 'string' && stored.sessionSecret.length >= 32) return stored.sessionSecret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secrets: StoredSecrets = { sessionSecret: randomBytes(32).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(tmp, file);
  return secrets.sessionSecret;
}
