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

/** Public pages, the chunk of each, and the most JavaScript (gzip) its first visit may load. */
const ROUTES = [
  { name: 'landing', source: 'features/landing/landing-page.tsx', targetKB: 90 },
  { name: 'collections', source: 'features/collections/collections-route.tsx' },
  { name: 'share page', source: 'features/share/share-route.tsx' },
] as const;

/** A name zod's classes keep through minification: a chunk holding it defines zod's schema classes. */
const ZOD_MARKER = 'ZodType';

/**
 * JavaScript a first visit to each public page must load: the entry, its static imports, and the
 * page's chunk with its imports; and whether any of it is zod, which the public pages must not load
 * (contracts/routes.ts, docs/decisions/0032).
 */
export function measureLandingJs(): Measure[] {
  ensureWebBuild();
  const dist = path.join(root, 'dist', 'web');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const measures: Measure[] = [];
  const withZod: string[] = [];
  for (const route of ROUTES) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    const page = Object.keys(manifest).find((k) => manifest[k]!.src?.endsWith(route.source));
    if (!page) throw new Error(`the ${route.name} chunk is not in the Vite manifest`);
    visit(entry);
    visit(page);
    let gzip = 0;
    let raw = 0;
    let zod = false;
    for (const file of files) {
      if (!file.endsWith('.js')) continue;
      const data = readFileSync(path.join(dist, file));
      raw += data.length;
      gzip += gzipSync(data).length;
      zod ||= data.includes(ZOD_MARKER);
    }
    if (zod) withZod.push(route.name);
    measures.push({
      name: `${route.name} route initial JS (gzip)`,
      value: Number((gzip / 1024).toFixed(1)),
      unit: 'KB',
      ...('targetKB' in route ? { target: route.targetKB } : {}),
      better: 'lower',
      detail: { files: files.size, rawKB: Number((raw / 1024).toFixed(1)), zod: zod ? 'yes' : 'no' },
    });
  }
  measures.push({
    name: 'public pages whose initial JS holds zod',
    value: withZod.length,
    unit: 'pages',
    target: 0,
    better: 'lower',
    detail: { pages: withZod.join(', ') || 'none' },
  });
  return measures;
}
