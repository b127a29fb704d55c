import type { KlipCard, KlipPage } from '#contracts/klips.ts';
import { json, type FakeRequest } from '#test-support/web/fake-api.ts';
import { KLIP_PAGE_SIZE } from '#contracts/klip-rules.ts';

let next = 1;

/** A klip as the API sends it to a card; ids are UUIDs, as the contracts require. */
export function klipFixture(overrides: Partial<KlipCard> = {}): KlipCard {
  const n = next++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    klipType: 'image',
    imageUrl: `/files/klips/${n}.png`,
    thumbnailUrl: `/files/klips/${n}.webp`,
    renditions: [320, 640, 960].map((width) => ({ width, url: `/api/klips/${n}/renditions/${width}?v=f00d` })),
    width: 1024,
    height: 1024,
    prompt: `klip number ${n} on a marble table`,
    modelName: 'flux-1.1-pro-ultra',
    source: 'segmind',
    isPublic: false,
    createdAt: '2026-11-04T12:00:00.000Z',
    attributes: [
      { name: 'aspect_ratio', value: '1:1' },
      { name: 'seed', value: '421337' },
    ],
    posterUrl: null,
    modelDisplayName: 'Klipt Ultra 1.1',
    creator: { id: 'u1', displayName: 'maya', avatarUrl: null },
    counts: { archived: 0, one_star: 0, two_stars: 0, heart: 0, superlike: 0 },
    tags: [],
    viewerVote: null,
    isOwner: true,
    canEdit: true,
    madeBy: null,
    ...overrides,
  };
}

/**
 * Answers a list request like the server: filters by search, type and tag, then 12 per page with
 * the position as the cursor.
 */
export function pageOf(klips: readonly KlipCard[], req: FakeRequest): Response {
  const q = req.url.searchParams;
  const search = q.get('search')?.toLowerCase();
  const type = q.get('type');
  const tag = q.get('tag');
  const matching = klips.filter(
    (k) =>
      (!search || k.prompt.toLowerCase().includes(search)) &&
      (!type || type === 'all' || k.klipType === type) &&
      (!tag || k.tags.includes(tag)),
  );
  const start = Number(q.get('cursor') ?? 0);
  const end = start + KLIP_PAGE_SIZE;
  const page: KlipPage = { klips: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null };
  return json(200, page);
}
