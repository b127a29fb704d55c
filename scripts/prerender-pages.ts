import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_READY_EVENT } from '#web/app/app-ready-event.ts';

/**
 * The HTML of the pages that come prerendered (docs/decisions/0030), made from index.html after the
 * client build, with the server-side build of src/web/prerender.tsx (scripts/web-build.ts):
 * - landing.html: the landing page's first render inside #root; the server sends it for `/`;
 * - share.html and collections.html: those pages' frames, whose #root the server fills per request
 *   (at `PAGE_SLOT`, src/server/http/page-prerender.ts).
 * Each starts the app with a small script once its HTML has painted, so a phone on a slow link shows
 * the page after the HTML, CSS and picture alone.
 */
const [distArg, prerenderModule] = process.argv.slice(2);
if (!distArg || !prerenderModule) throw new Error('usage: prerender-pages.ts <dist/web> <prerender.js>');
const distDir: string = distArg;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
}

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('the entry is missing from the Vite manifest');

/** The script that starts the app after the first contentful paint (a frame later where paints are not reported, and in a hidden tab, which never paints). */
function writeBoot(): string {
  const boot = `// Starts the app once the prerendered page has painted (scripts/prerender-pages.ts).
// Until the app has hydrated the page, React would swallow a click it takes mid-hydration, and a
// button means nothing without it: a link click is left to the browser (a page load), and the last
// button clicked is clicked again once the app is ready.
let ready = false;
let waiting = null;
addEventListener(${JSON.stringify(APP_READY_EVENT)}, () => {
  ready = true;
  if (waiting?.isConnected) waiting.click();
  waiting = null;
}, { once: true });
addEventListener('click', (event) => {
  if (ready || !(event.target instanceof Element)) return;
  if (event.target.closest('a[href]')) return event.stopImmediatePropagation();
  const button = event.target.closest('button');
  if (!button) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  waiting = button;
}, true);
// The entry alone: the browser finds the page's chunks as it loads their importers and compiles them off the
// main thread, where preload links inserted here had them compiled on it, in one long task.
const start = () => {
  import(${JSON.stringify(`/${entry!.file}`)});
};
const painted = (entries) => entries.some((entry) => entry.name === 'first-contentful-paint');
if (document.visibilityState === 'hidden') start();
else if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) requestAnimationFrame(() => setTimeout(start, 0));
else if (painted(performance.getEntriesByType('paint'))) start();
else {
  const observer = new PerformanceObserver((list) => {
    if (!painted(list.getEntries())) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: 'paint' });
}
`;
  const file = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
  writeFileSync(path.join(distDir, file), boot);
  return file;
}

const index = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const entryScript = new RegExp(`\\s*<script type="module" crossorigin src="/${entry.file}"></script>`);
if (!entryScript.test(index) || !index.includes('<div id="root"></div>')) throw new Error('index.html is not shaped as expected');

const boot = writeBoot();

function writePage(name: string, body: string): void {
  const html = index
    .replace(entryScript, () => `\n    <script type="module" src="/${boot}"></script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
  writeFileSync(path.join(distDir, name), html);
}

const { prerender, PAGE_SLOT } = (await import(pathToFileURL(prerenderModule).href)) as {
  prerender: (location: string) => Promise<string>;
  PAGE_SLOT: string;
};
writePage('landing.html', await prerender('/'));
writePage('share.html', PAGE_SLOT);
writePage('collections.html', PAGE_SLOT);
