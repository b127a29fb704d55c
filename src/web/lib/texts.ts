// Copy shared by more than one feature, or shown by src/web/components and src/web/app (docs/architecture.md, "Texts").
// A feature's own copy lives in src/web/features/<feature>/texts.ts; messages the server sends in src/contracts.

// ── The klip library: components/klips, the dashboard, collections, share pages, and app-wide notices ──
import type { UserVoteType } from '../../contracts/klip-kinds.ts';

/** The klip card and the klip lists (components/klips), as the dashboard, collections, share pages and God Mode show them. */
export const klipTexts = {
  votes: { archived: 'Archived', one_star: 'One star', two_stars: 'Two stars', heart: 'Heart' } satisfies Record<UserVoteType, string>,
  voteGroup: 'Votes',
  viewFullSize: 'View full size',
  fullSize: 'Full size',
  openInNewTab: 'Open in new tab',
  download: 'Download',
  copyLink: 'Copy share link',
  copyFailed: 'Could not copy the link.',
  openInEditor: 'Open in editor',
  tags: 'Tags',
  noTags: 'No tags yet',
  addTag: 'Add tag',
  newTag: 'New tag',
  removeTag: (tag: string) => `Remove tag ${tag}`,
  removeTagFailed: 'Could not remove the tag. Please try again.',
  attributes: 'Attributes',
  noAttributes: 'No attributes recorded',
  public: 'Public',
  private: 'Private',
  /** The visibility switch: its label says the state, its name adds what switching does ('Private — Make public'). */
  visibilityState: (isPublic: boolean) => (isPublic ? 'Public' : 'Private'),
  visibilityName: (isPublic: boolean) => (isPublic ? 'Public — Make private' : 'Private — Make public'),
  visibilityFailed: 'Could not change the visibility. Please try again.',
  nowPublic: 'The klip is now public.',
  nowPrivate: 'The klip is now private.',
  signIn: 'Sign in',
  notNow: 'Not now',
  video: 'Video',
  loading: 'Loading klips',
  count: (n: number, more: boolean) => `${n}${more ? '+' : ''} ${n === 1 ? 'klip' : 'klips'}`,
  retry: 'Try again',
  clearFilters: 'Clear filters',
  search: 'Search prompts',
  searchPlaceholder: 'Search by prompt',
  clearSearch: 'Clear search',
  type: 'Type',
  tagFilter: 'Filter by tag',
  klips: 'Klips',
  showMore: 'Show more',
  showLess: 'Show less',
  loadMore: 'Load More',
  noKlips: 'No klips found',
  noKlipsFiltered: 'Nothing matches these filters. Try another search, type or tag.',
  loadFailed: 'Failed to load images. Please try again.',
  addTagFailed: 'Failed to add tag. Please try again.',
  linkCopied: 'Link copied!',
  signInToVote: 'Sign in to vote',
  signInToVoteHint: 'Votes help the best klips rise in the collection. Sign in or create a free account to cast yours.',
  localPreview: 'Local preview',
  localPreviewExplained:
    "Made by Klipt's built-in renderer because no AI provider key is configured. Add a provider key to generate with the real AI models.",
  localPreviewName: (explained: string) => `Local preview: ${explained}`,
} as const;

/** A purchase, plan change or checkout refused, on the plans pages and the dashboard's checkout notice. */
export const purchaseTexts = {
  errorTitle: 'Error processing purchase',
  fallback: 'Failed to process purchase',
} as const;

/** Said by the API client when the browser could not reach the server at all. */
export const connectionTexts = {
  unreachable: 'Could not reach Klipt. Check your connection and try again.',
} as const;

// ── The app shell, studios and inspirations: components/layout, studio, inspirations, ui, brand, admin; app/ ──
