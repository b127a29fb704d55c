import { klipTypes } from './klip-kinds.ts';

// Klip messages, limits and list choices without a schema: the browser reads them on the public
// pages, which load none of the API's schemas (docs/decisions/0032); klips.ts re-exports them.

/** What users read about klips. */
export const klipMessages = {
  notFound: 'Klip not found',
  ownerOnly: 'Only the owner of this klip can change it',
  fileNameInvalid: 'The file name may use letters, digits and hyphens',
  fileNameTooLong: 'The file name must be at most 60 characters',
  cursorInvalid: 'This page of results has expired. Please reload the list.',
  tagRequired: 'Please enter a tag',
  tagTooLong: 'Tags must be at most 32 characters',
  tooManyTags: 'A klip can have at most 10 tags',
  voteTypeInvalid: 'Choose archived, one star, two stars or heart',
  visibilityInvalid: 'Choose public or private',
  /** The link-preview picture's renders are all taken (crawlers read it, with Retry-After). */
  previewBusy: 'Link previews are busy right now. Please try again in a few seconds.',
  /** A sized copy of a klip's picture is asked for at a width the server does not make. */
  renditionWidthInvalid: 'Images come in widths of 320, 640, 960 and 1280 pixels',
  /** The renders of sized copies are all taken (the browser is told when to ask again). */
  renditionsBusy: 'Images are being prepared. Please try again in a few seconds.',
} as const;

/** How many klips a page of the dashboard or the collection holds (docs/product-rules.md#lists-and-timers). */
export const KLIP_PAGE_SIZE = 12;
/** Tags: at most this many characters after trimming, and this many per klip (docs/product-rules.md#klips). */
export const TAG_MAX_LENGTH = 32;
export const TAGS_PER_KLIP_MAX = 10;
/** The weekly stat cards cover this many days. */
export const STATS_WINDOW_DAYS = 7;
/** "Trending" ranks by hearts received in this many days. */
export const TRENDING_WINDOW_DAYS = 7;

export const klipTypeFilters = ['all', ...klipTypes] as const;
export type KlipTypeFilter = (typeof klipTypeFilters)[number];
export const collectionSorts = ['latest', 'trending', 'top'] as const;
export type CollectionSort = (typeof collectionSorts)[number];
