import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import { root, type Measure } from '../lib.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** JavaScript a first visit to `/` must load: the entry, its static imports, and the landing chunk with its imports. */
export function measureLandingJs(): Measure {
  ensureWebBuild();
  const dist = path.join(root, 'dist', 'web');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const landing = Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith('features/landing/landing-page.tsx'));
  if (!entry || !landing) throw new Error('entry or landing chunk not found in the Vite manifest');
  visit(entry);
  visit(landing);
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const data = readFileSync(path.join(dist, file));
    raw += data.length;
    gzip += gzipSync(data).length;
  }
  return {
    name: 'landing route initial JS (gzip)',
    value: Number((gzip / 1024).toFixed(1)),
    unit: 'KB',
    target: 90,
    better: 'lower',
    detail: { files: files.size, rawKB: Number((raw / 1024).toFixed(1)) },
  };
}
