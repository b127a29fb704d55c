import {
  addKlipTags,
  downloadKlip,
  getKlip,
  getMyKlipStats,
  listCollection,
  listMyKlips,
  listMyTags,
  listPopularTags,
  removeKlipTag,
  setKlipVisibility,
  voteOnKlip,
} from '#contracts/klips.ts';
import { downloadHeaders } from '../../http/content-disposition.ts';
import { ANSWERED, type Router } from '../../http/router.ts';
import type { KlipService } from './service.ts';

/** Klips: who may read or change one is decided by the service through the access rules; a klip someone may not read is "not found". */
export function registerKlipRoutes(router: Router, deps: { klips: KlipService }): void {
  router.add(downloadKlip, {
    handler: async ({ params, query, reply, viewer }) => {
      const file = await deps.klips.download(params.id, query.format, viewer);
      reply.headers(downloadHeaders(file.mimeType, `${query.name ?? 'klip'}.${file.extension}`));
      await reply.send(file.data);
      return ANSWERED;
    },
  });

  router.add(listMyKlips, { handler: async ({ user, query }) => deps.klips.listMine(user, query) });
  router.add(listCollection, { handler: async ({ viewer, query }) => deps.klips.listCollection(viewer, query) });
  router.add(getKlip, { handler: async ({ viewer, params }) => deps.klips.get(params.id, viewer) });
  router.add(listMyTags, { handler: async ({ user }) => ({ tags: await deps.klips.myTags(user) }) });
  router.add(getMyKlipStats, { handler: async ({ user }) => deps.klips.stats(user) });
  router.add(listPopularTags, {
    handler: async ({ reply }) => {
      // The same for everyone and reused for a minute on the server: browsers and caches may too.
      reply.header('Cache-Control', 'public, max-age=60');
      return { tags: await deps.klips.popularTags() };
    },
  });
  router.add(voteOnKlip, { handler: async ({ user, params, body }) => deps.klips.vote(user, params.id, body.voteType) });
  router.add(setKlipVisibility, { handler: async ({ user, params, body }) => deps.klips.setVisibility(user, params.id, body.isPublic) });
  router.add(addKlipTags, { handler: async ({ user, params, body }) => ({ tags: await deps.klips.addTags(user, params.id, body.tags) }) });
  router.add(removeKlipTag, { handler: async ({ user, params }) => ({ tags: await deps.klips.removeTag(user, params.id, params.tag) }) });
}
