import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist', 'web');
const prerenderDir = path.join(root, 'dist', 'prerender');
const stampFile = path.join(distDir, '.build-stamp');
const inputs = ['src/web', 'src/contracts', 'vite.config.ts', 'package-lock.json', 'scripts/prerender-pages.ts'];

function listFiles(target: string, out: string[] = []): string[] {
  const full = path.join(root, target);
  if (!existsSync(full)) return out;
  if (statSync(full).isFile()) {
    out.push(target);
    return out;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.test.tsx') || entry.name.endsWith('.test.ts')) continue;
    listFiles(path.join(target, entry.name), out);
  }
  return out;
}

/** A fingerprint of everything the web build reads: names, sizes and contents. */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((i) => listFiles(i)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

export function isWebBuildCurrent(): boolean {
  if (
    !['index.html', 'landing.html', 'share.html', 'collections.html'].every((file) => existsSync(path.join(distDir, file))) ||
    !existsSync(stampFile)
  )
    return false;
  return readFileSync(stampFile, 'utf8').trim() === sourceFingerprint();
}

/** Pre-compresses text assets so the server sends .br/.gz files without compressing per request. */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

export function buildWeb(): void {
  const fingerprint = sourceFingerprint();
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
  // The landing page's HTML, rendered now so a visitor's phone paints it before any JavaScript (docs/decisions/0030).
  const ssr = spawnSync(vite, ['build', '--logLevel', 'warn', '--ssr', 'prerender.tsx', '--outDir', prerenderDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (ssr.status !== 0) throw new Error('vite build of the prerenderer failed');
  const prerendered = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'prerender-pages.ts'), distDir, path.join(prerenderDir, 'prerender.js')],
    { cwd: root, stdio: 'inherit' },
  );
  if (prerendered.status !== 0) throw new Error('prerendering the pages failed');
  precompress(distDir);
  writeFileSync(stampFile, fingerprint);
}

/** Builds the web app when it is missing or older than its sources. */
export function ensureWebBuild(): void {
  if (isWebBuildCurrent()) return;
  console.log('Building the web app…');
  buildWeb();
}

if (import.meta.main) {
  buildWeb();
  console.log(`Web app built into ${path.relative(root, distDir)}`);
}
