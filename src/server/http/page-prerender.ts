import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Get = (path: string) => Promise<{ status: number; body: unknown }>;

/** What the server-side build of src/web/prerender.tsx exports (dist/prerender/prerender.js, made by scripts/web-build.ts). */
interface PrerenderModule {
  PAGE_SLOT: string;
  prerenderSharePage(id: string, get: Get): Promise<string | undefined>;
  prerenderCollectionsPage(search: string, get: Get): Promise<string | undefined>;
}

/** A page's whole HTML for its address (path and query string), or undefined to send index.html. */
export type PagePrerender = (url: string) => Promise<string | undefined>;

const SHARE_PATH = /^\/share\/([^/?]+)\/?(?:\?.*)?$/;
const COLLECTIONS_PATH = /^\/collections\/?(\?.*)?$/;

/** Whether the address is one of the pages drawn on the server (the caller then asks who is reading only for these). */
export const isPrerenderedPage = (url: string) => SHARE_PATH.test(url) || COLLECTIONS_PATH.test(url);

/**
 * The public pages a visitor opens from a link, drawn on the server (docs/decisions/0030): a share
 * page (share.html) and the collections (collections.html) with the app's first render of the page
 * and the API answers it was drawn from, so a phone paints the pictures without waiting for the app.
 * `get` asks the server's own API without the session, so the HTML holds only what any visitor may
 * see (a signed-in reader's own view follows once the app runs). Undefined, and index.html is sent,
 * for any other page, a klip a visitor may not see, or a build without the prerenderer.
 */
export function createPagePrerender(options: { distDir: string; get: Get; onError: (error: unknown) => void }): PagePrerender {
  const modulePath = path.resolve(options.distDir, '..', 'prerender', 'prerender.js');
  let loaded: Promise<PrerenderModule | undefined> | undefined;
  const templates = new Map<string, Promise<string>>();
  const template = (file: string) => {
    let html = templates.get(file);
    if (!html) templates.set(file, (html = readFile(path.join(options.distDir, file), 'utf8')));
    return html;
  };
  const load = () =>
    (loaded ??= (async () => {
      if (!existsSync(modulePath) || !existsSync(path.join(options.distDir, 'share.html'))) return undefined;
      return (await import(pathToFileURL(modulePath).href)) as PrerenderModule;
    })());

  return async (url) => {
    const share = SHARE_PATH.exec(url);
    const collections = COLLECTIONS_PATH.exec(url);
    if (!share && !collections) return undefined;
    try {
      const prerender = await load();
      if (!prerender) return undefined;
      const body = share
        ? await prerender.prerenderSharePage(decodeURIComponent(share[1]!), options.get)
        : await prerender.prerenderCollectionsPage(collections![1] ?? '', options.get);
      if (body === undefined) return undefined;
      return (await template(share ? 'share.html' : 'collections.html')).replace(prerender.PAGE_SLOT, () => body);
    } catch (error) {
      // The app draws the page as it always could.
      options.onError(error);
      return undefined;
    }
  };
}
