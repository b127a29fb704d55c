import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Writes dist/web/landing.html, which the server sends for `/` (docs/decisions/0031): index.html
 * with the landing page's first render inside #root (the server-side build of src/web/prerender.tsx,
 * made by scripts/web-build.ts), and the app started by a small script once that HTML has painted,
 * so a phone on a slow link shows the page after the HTML and the CSS alone.
 */
const [distDir, prerenderModule] = process.argv.slice(2);
if (!distDir || !prerenderModule) throw new Error('usage: prerender-landing.ts <dist/web> <prerender.js>');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

const { prerender } = (await import(pathToFileURL(prerenderModule).href)) as { prerender: (location: string) => Promise<string> };
const body = await prerender('/');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const landingKey = Object.keys(manifest).find((key) => manifest[key]!.src?.endsWith('features/landing/landing-page.tsx'));
if (!entry || !landingKey) throw new Error('the entry or the landing chunk is missing from the Vite manifest');

// The landing chunk and what it imports, fetched beside the entry instead of one round after it.
const chunks = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || chunk.isEntry || chunks.has(chunk.file)) return;
  chunks.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit(landingKey);

const boot = `// Starts the app once the prerendered landing page has painted (scripts/prerender-landing.ts).
const start = () => {
  for (const file of ${JSON.stringify([...chunks].map((file) => `/${file}`))}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = file;
    document.head.append(link);
  }
  import(${JSON.stringify(`/${entry.file}`)});
};
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
`;
const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
writeFileSync(path.join(distDir, bootFile), boot);

const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const entryScript = new RegExp(`\\s*<script type="module" crossorigin src="/${entry.file}"></script>`);
const preloads = /\s*<link rel="modulepreload"[^>]*>/g;
if (!entryScript.test(index) || !index.includes('<div id="root"></div>')) throw new Error('index.html is not shaped as expected');
const html = index
  .replace(entryScript, () => `\n    <script type="module" src="/${bootFile}"></script>`)
  .replace(preloads, '')
  .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
writeFileSync(path.join(distDir, 'landing.html'), html);
