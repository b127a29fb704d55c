import { describe, expect, it } from 'vitest';
import { klipFixture } from './components/klips/testing/fixtures.ts';
import { prerenderCollectionsPage } from './prerender.tsx';
import { KLIP_PAGE_SIZE } from '#contracts/klip-rules.ts';

// The server's own renderer, as a visitor's /collections asks it (src/server/http/page-prerender.ts).
async function drawCollections() {
  const klips = Array.from({ length: KLIP_PAGE_SIZE }, () =>
    klipFixture({ isPublic: true, isOwner: false, canEdit: false, prompt: 'a linen shirt on a wooden hanger '.repeat(8) }),
  );
  const html = await prerenderCollectionsPage('', async (url) =>
    url.startsWith('/api/collections/tags') ? { status: 200, body: { tags: [] } } : { status: 200, body: { klips, nextCursor: 'next' } },
  );
  if (html === undefined) throw new Error('the collections page was not drawn');
  return html;
}

describe('prerendered collections page', () => {
  it('draws every card in place, each a hydration unit of its own', async () => {
    const html = await drawCollections();
    expect(html.match(/<article/g)).toHaveLength(KLIP_PAGE_SIZE);
    // A boundary React outlined would wait for its inline reveal script, which the CSP refuses:
    // the card would stay hidden and the browser would draw it again from scratch.
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toContain('<template id="B:');
    expect(html.match(/<!--\$-->/g)?.length).toBeGreaterThanOrEqual(KLIP_PAGE_SIZE);
  });
});
