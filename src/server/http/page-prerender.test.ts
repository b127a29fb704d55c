import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPagePrerender } from './page-prerender.ts';

// A stand-in for the two build outputs (dist/web's page frames, dist/prerender's module), so the
// server's side is checked without building the web app; the browser journeys use the real build.
let distDir: string;
let noBundleDir: string;

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'klipt-prerender-'));
  distDir = path.join(root, 'web');
  await mkdir(distDir);
  await mkdir(path.join(root, 'prerender'));
  await writeFile(path.join(distDir, 'share.html'), '<div id="root"><!--slot--></div><script src="/assets/boot-share.js"></script>');
  await writeFile(
    path.join(distDir, 'collections.html'),
    '<div id="root"><!--slot--></div><script src="/assets/boot-collections.js"></script>',
  );
  await writeFile(
    path.join(root, 'prerender', 'prerender.js'),
    `export const PAGE_SLOT = '<!--slot-->';
export async function prerenderSharePage(id, get) {
  if (id === 'explodes') throw new Error('render failed');
  const answer = await get('/api/klips/' + id);
  return answer.status === 200 ? '<img alt="' + answer.body.prompt + '">$&' : undefined;
}
export async function prerenderCollectionsPage(search, get) {
  const answer = await get('/api/collections' + search);
  return '<p>' + answer.body.count + ' klips for ' + search + '</p>';
}
`,
  );
  noBundleDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'klipt-prerender-none-')), 'web');
  await mkdir(noBundleDir);
  await writeFile(path.join(noBundleDir, 'share.html'), '<div id="root"><!--slot--></div>');
});

function prerenderer(dir = distDir) {
  const asked: string[] = [];
  const errors: unknown[] = [];
  const prerender = createPagePrerender({
    distDir: dir,
    get: async (url) => {
      asked.push(url);
      if (url === '/api/klips/private') return { status: 404, body: undefined };
      return { status: 200, body: url.startsWith('/api/collections') ? { count: 3 } : { prompt: 'a red shoe' } };
    },
    onError: (error) => errors.push(error),
  });
  return { prerender, asked, errors };
}

describe('page prerender', () => {
  it("fills share.html's slot with the share page drawn from the visitor's answer", async () => {
    const { prerender, asked } = prerenderer();
    expect(await prerender('/share/k1?utm=x')).toBe(
      '<div id="root"><img alt="a red shoe">$&</div><script src="/assets/boot-share.js"></script>',
    );
    expect(asked).toEqual(['/api/klips/k1']);
  });

  it('draws the collections with their query string', async () => {
    const { prerender } = prerenderer();
    expect(await prerender('/collections?tag=spring')).toContain('<p>3 klips for ?tag=spring</p>');
    expect(await prerender('/collections')).toBe(
      '<div id="root"><p>3 klips for </p></div><script src="/assets/boot-collections.js"></script>',
    );
  });

  it('leaves a klip a visitor may not see, and every other page, to index.html', async () => {
    const { prerender, asked } = prerenderer();
    expect(await prerender('/share/private')).toBeUndefined();
    for (const url of ['/', '/dashboard', '/share/a/b', '/collectionsx', '/api/klips/k1'])
      expect(await prerender(url), url).toBeUndefined();
    expect(asked).toEqual(['/api/klips/private']);
  });

  it('falls back to index.html when the render fails, and says so', async () => {
    const { prerender, errors } = prerenderer();
    expect(await prerender('/share/explodes')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('draws nothing from a build without the prerenderer', async () => {
    const { prerender, asked } = prerenderer(noBundleDir);
    expect(await prerender('/share/k1')).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
