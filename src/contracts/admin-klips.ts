import { z } from 'zod';
import { defineContract } from './contract.ts';
import { searchText, text } from './fields.ts';
import { cursorField, KlipCard, klipMessages, klipTypeFilters, TAG_MAX_LENGTH, TagCount, VoteResult } from './klips.ts';

/** What super admins read in the Klips Gallery. */
export const adminKlipMessages = {
  userInvalid: 'Unknown user',
} as const;

/** God Mode's gallery page size; every God Mode list pages by 25 (docs/product-rules.md#lists-and-timers). */
export const ADMIN_KLIP_PAGE_SIZE = 25;
/** How many tag chips the gallery offers: the most used over all klips. */
export const ADMIN_KLIP_TAGS_LIMIT = 30;

export const adminVisibilityFilters = ['all', 'public', 'private'] as const;
export type AdminVisibilityFilter = (typeof adminVisibilityFilters)[number];
/** "rated": klips with any vote; "unrated": none. */
export const adminRatingFilters = ['all', 'rated', 'unrated'] as const;
export type AdminRatingFilter = (typeof adminRatingFilters)[number];

/** A user id as the API shows them (better-auth's ids). */
export const userIdField = text({ max: [64, adminKlipMessages.userInvalid] }).regex(/^[A-Za-z0-9_-]+$/, adminKlipMessages.userInvalid);

/** A klip as God Mode shows it: the card plus its creator's email. */
export const AdminKlipCard = KlipCard.extend({ creatorEmail: z.string() }).meta({ id: 'AdminKlipCard' });
export type AdminKlipCard = z.infer<typeof AdminKlipCard>;

export const AdminKlipPage = z.object({ klips: z.array(AdminKlipCard), nextCursor: z.string().nullable() }).meta({ id: 'AdminKlipPage' });
export type AdminKlipPage = z.infer<typeof AdminKlipPage>;

export const AdminKlipQuery = z.object({
  search: searchText(),
  userId: userIdField.optional(),
  type: z.enum(klipTypeFilters).default('all'),
  visibility: z.enum(adminVisibilityFilters).default('all'),
  rating: z.enum(adminRatingFilters).default('all'),
  tag: text({ max: [TAG_MAX_LENGTH, klipMessages.tagTooLong] })
    .toLowerCase()
    .optional(),
  cursor: cursorField,
});
export type AdminKlipQuery = z.input<typeof AdminKlipQuery>;

export const listAllKlips = defineContract({
  method: 'GET',
  path: '/api/admin/klips',
  summary:
    "Every user's klips with the creator's email, newest first, 25 per page (keyset cursor), by prompt, user, type, visibility, rating and tag (super admins only)",
  tags: ['admin'],
  query: AdminKlipQuery,
  status: 200,
  response: AdminKlipPage,
  errors: [400, 401, 403],
  auth: 'admin',
});

export const listAllKlipTags = defineContract({
  method: 'GET',
  path: '/api/admin/klips/tags',
  summary: 'The 30 most used tags over all klips, with counts (super admins only)',
  tags: ['admin'],
  status: 200,
  response: z.object({ tags: z.array(TagCount) }),
  errors: [401, 403],
  auth: 'admin',
});

const klipIdParams = z.object({ id: z.uuid(klipMessages.notFound) });

export const deleteKlipAsAdmin = defineContract({
  method: 'DELETE',
  path: '/api/admin/klips/:id',
  summary: 'Deletes a klip and its files, logged (super admins only)',
  tags: ['admin'],
  params: klipIdParams,
  status: 204,
  response: z.null(),
  errors: [400, 401, 403, 404],
  auth: 'admin',
});

export const superlikeKlip = defineContract({
  method: 'PUT',
  path: '/api/admin/klips/:id/superlike',
  summary:
    "Casts (true) or takes back (false) the super admin's superlike, their one vote on the klip; casting it queues the signed automation webhook (super admins only)",
  tags: ['admin'],
  params: klipIdParams,
  body: z.object({ superlike: z.boolean('Choose true or false') }),
  status: 200,
  response: VoteResult,
  errors: [400, 401, 403, 404],
  auth: 'admin',
});
