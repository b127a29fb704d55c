import { z } from 'zod';
import { defineContract } from './contract.ts';
import { DOWNLOAD_NAME_PATTERN } from './file-names.ts';
import { searchText, text, textList } from './fields.ts';
import { klipSources, klipTypes, userVoteTypes, voteTypes } from './klip-kinds.ts';
import { RENDITION_WIDTHS } from './klip-renditions.ts';
import { klipMessages, TAG_MAX_LENGTH, TAGS_PER_KLIP_MAX, klipTypeFilters, collectionSorts } from './klip-rules.ts';

export {
  klipMessages,
  KLIP_PAGE_SIZE,
  TAG_MAX_LENGTH,
  TAGS_PER_KLIP_MAX,
  STATS_WINDOW_DAYS,
  TRENDING_WINDOW_DAYS,
  klipTypeFilters,
  collectionSorts,
} from './klip-rules.ts';
export type { KlipTypeFilter, CollectionSort } from './klip-rules.ts';

export const KlipAttribute = z.object({ name: z.string(), value: z.string() });

/** A klip as its owner sees it. */
export const Klip = z
  .object({
    id: z.string(),
    klipType: z.enum(klipTypes),
    imageUrl: z.string(),
    thumbnailUrl: z.string().nullable(),
    /** Videos: the still shown before the video plays. */
    posterUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    prompt: z.string(),
    modelName: z.string(),
    source: z.enum(klipSources),
    isPublic: z.boolean(),
    createdAt: z.string(),
    attributes: z.array(KlipAttribute),
  })
  .meta({ id: 'Klip' });
export type Klip = z.infer<typeof Klip>;

/** The base of a downloaded file's name (downloads and exports): letters and digits of any script and hyphens, composed (NFC), at most 60. */
export const downloadNameField = text({ max: [60, klipMessages.fileNameTooLong] })
  .normalize('NFC')
  .regex(DOWNLOAD_NAME_PATTERN, klipMessages.fileNameInvalid)
  .optional();

export const downloadKlip = defineContract({
  method: 'GET',
  path: '/api/klips/:id/download',
  summary: 'Download a klip; format=jpg converts the image on the server (owner, super admin, or public klips)',
  tags: ['klips'],
  params: z.object({ id: z.uuid('Unknown klip') }),
  query: z.object({
    format: z.enum(['jpg', 'original']).default('jpg'),
    name: downloadNameField,
  }),
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 404],
  auth: 'public',
  apiKey: 'exports',
});

/** The opaque keyset cursor of a paged list. */
export const cursorField = text({ max: [400, klipMessages.cursorInvalid] })
  .regex(/^[A-Za-z0-9_-]+$/, klipMessages.cursorInvalid)
  .optional();
/** A tag as typed: trimmed, lower-cased, 1 to 32 characters. */
export const tagName = text({
  required: klipMessages.tagRequired,
  max: [TAG_MAX_LENGTH, klipMessages.tagTooLong],
  label: true,
}).toLowerCase();
const tagFilter = text({ max: [TAG_MAX_LENGTH, klipMessages.tagTooLong] })
  .toLowerCase()
  .optional();
const klipId = z.uuid(klipMessages.notFound);

export const KlipCreator = z
  .object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'KlipCreator' });
export type KlipCreator = z.infer<typeof KlipCreator>;

/** Votes per type; superlike is counted here and cast in God Mode only. */
export const KlipVoteCounts = z
  .object({
    archived: z.number().int(),
    one_star: z.number().int(),
    two_stars: z.number().int(),
    heart: z.number().int(),
    superlike: z.number().int(),
  })
  .meta({ id: 'KlipVoteCounts' });
export type KlipVoteCounts = z.infer<typeof KlipVoteCounts>;

/** A klip as a card shows it to the viewer: with its creator, counters, tags and what the viewer may do. */
export const KlipCard = Klip.extend({
  posterUrl: z.string().nullable(),
  /**
   * Sized WebP copies of its picture (an image, a video's poster) for `srcset`, narrowest first:
   * pages show these, never the original (docs/architecture.md#klip-renditions).
   */
  renditions: z.array(z.object({ width: z.number().int(), url: z.string() })),
  modelDisplayName: z.string(),
  /** Who it is credited to in public: the maker, or the team (its name and avatar) for a team's klip. */
  creator: KlipCreator,
  /** The member who made it, for viewers who belong to its team workspace (the team library); null otherwise. */
  madeBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  counts: KlipVoteCounts,
  tags: z.array(z.string()),
  /** The viewer's vote, null without one (and for visitors). */
  viewerVote: z.enum(voteTypes).nullable(),
  /** The viewer made it ("Open in editor"). */
  isOwner: z.boolean(),
  /** The viewer may tag it and change its visibility: its owner or a super admin. */
  canEdit: z.boolean(),
}).meta({ id: 'KlipCard' });
export type KlipCard = z.infer<typeof KlipCard>;

/** One page of a list; `nextCursor` fetches the next one and is null on the last page. */
export const KlipPage = z.object({ klips: z.array(KlipCard), nextCursor: z.string().nullable() }).meta({ id: 'KlipPage' });
export type KlipPage = z.infer<typeof KlipPage>;

export const TagCount = z.object({ name: z.string(), count: z.number().int() }).meta({ id: 'TagCount' });
export type TagCount = z.infer<typeof TagCount>;

export const listMyKlips = defineContract({
  method: 'GET',
  path: '/api/klips/mine',
  summary: "The signed-in user's klips, newest first, 12 per page (keyset cursor), by prompt search, type and tag",
  tags: ['klips'],
  query: z.object({
    search: searchText(),
    type: z.enum(klipTypeFilters).default('all'),
    tag: tagFilter,
    cursor: cursorField,
  }),
  status: 200,
  response: KlipPage,
  errors: [400, 401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const listMyTags = defineContract({
  method: 'GET',
  path: '/api/klips/mine/tags',
  summary: "The tags on the signed-in user's klips with how many klips carry each, most used first",
  tags: ['klips'],
  status: 200,
  response: z.object({ tags: z.array(TagCount) }),
  errors: [401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const KlipStats = z
  .object({
    imagesCreated: z.number().int(),
    videosCreated: z.number().int(),
    /** Usage rows of the ledger net of refunds. */
    creditsUsed: z.number().int(),
    /** Votes other users cast on the user's klips. */
    votesReceived: z.number().int(),
    windowDays: z.number().int(),
  })
  .meta({ id: 'KlipStats' });
export type KlipStats = z.infer<typeof KlipStats>;

export const getMyKlipStats = defineContract({
  method: 'GET',
  path: '/api/klips/mine/stats',
  summary: "The signed-in user's last 7 days: images and videos created, credits used, votes received",
  tags: ['klips'],
  status: 200,
  response: KlipStats,
  errors: [401, 403],
  auth: 'verified',
  apiKey: 'read',
});

export const listCollection = defineContract({
  method: 'GET',
  path: '/api/collections',
  summary: 'Public klips, 12 per page (keyset cursor): latest, trending (hearts in 7 days) or top rated, by prompt search, type and tag',
  tags: ['klips'],
  query: z.object({
    search: searchText(),
    type: z.enum(klipTypeFilters).default('all'),
    sort: z.enum(collectionSorts).default('latest'),
    tag: tagFilter,
    cursor: cursorField,
  }),
  status: 200,
  response: KlipPage,
  errors: [400],
  auth: 'public',
  visitorCache: true,
});

export const listPopularTags = defineContract({
  method: 'GET',
  path: '/api/collections/tags',
  summary: 'The tags most used on public klips, with how many public klips carry each',
  tags: ['klips'],
  status: 200,
  response: z.object({ tags: z.array(TagCount) }),
  auth: 'public',
});

export const getKlip = defineContract({
  method: 'GET',
  path: '/api/klips/:id',
  summary: 'One klip as a card shows it (public klips for everyone; private ones for their owner and super admins)',
  tags: ['klips'],
  params: z.object({ id: klipId }),
  status: 200,
  response: KlipCard,
  errors: [400, 404],
  auth: 'public',
  visitorCache: true,
  apiKey: 'read',
});

export const VoteResult = z.object({ counts: KlipVoteCounts, viewerVote: z.enum(voteTypes).nullable() }).meta({ id: 'VoteResult' });
export type VoteResult = z.infer<typeof VoteResult>;

export const voteOnKlip = defineContract({
  method: 'PUT',
  path: '/api/klips/:id/vote',
  summary: "Casts, changes (a new type) or removes (null) the signed-in user's one vote on a klip they may see",
  tags: ['klips'],
  params: z.object({ id: klipId }),
  body: z.object({ voteType: z.enum(userVoteTypes, klipMessages.voteTypeInvalid).nullable() }),
  status: 200,
  response: VoteResult,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const setKlipVisibility = defineContract({
  method: 'PUT',
  path: '/api/klips/:id/visibility',
  summary: 'Makes a klip public or private (its owner or a super admin)',
  tags: ['klips'],
  params: z.object({ id: klipId }),
  body: z.object({ isPublic: z.boolean(klipMessages.visibilityInvalid) }),
  status: 200,
  response: z.object({ isPublic: z.boolean() }),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const addKlipTags = defineContract({
  method: 'POST',
  path: '/api/klips/:id/tags',
  summary:
    'Adds tags to a klip (its owner or a super admin); adding a tag it has is a no-op; at most 10 per klip; one tag may be sent alone',
  tags: ['klips'],
  params: z.object({ id: klipId }),
  body: z.object({
    tags: textList(tagName, { required: klipMessages.tagRequired, max: [TAGS_PER_KLIP_MAX, klipMessages.tooManyTags] }),
  }),
  status: 200,
  response: z.object({ tags: z.array(z.string()) }),
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const removeKlipTag = defineContract({
  method: 'DELETE',
  path: '/api/klips/:id/tags/:tag',
  summary: 'Removes a tag from a klip (its owner or a super admin); removing a tag it lacks is a no-op',
  tags: ['klips'],
  params: z.object({ id: klipId, tag: tagName }),
  status: 200,
  response: z.object({ tags: z.array(z.string()) }),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const getKlipRendition = defineContract({
  method: 'GET',
  path: '/api/klips/:id/renditions/:width',
  summary: "A klip's picture (an image, or a video's poster) as WebP at one of the fixed widths, for whoever may read the klip",
  tags: ['klips'],
  params: z.object({
    id: klipId,
    width: z.enum(RENDITION_WIDTHS.map(String) as [string, ...string[]], klipMessages.renditionWidthInvalid),
  }),
  /** A fingerprint of the picture the copy is made from: a new picture is a new URL. */
  query: z.object({
    v: z
      .string()
      .regex(/^[0-9a-f]{1,32}$/, klipMessages.notFound)
      .optional(),
  }),
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 404, 429],
  auth: 'public',
});

export const getKlipSocialImage = defineContract({
  method: 'GET',
  path: '/api/klips/:id/social.jpg',
  summary: "A public klip's image (or a video's poster) as a 1200×630 JPEG for link previews",
  tags: ['klips'],
  params: z.object({ id: klipId }),
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 404, 429],
  auth: 'public',
});
