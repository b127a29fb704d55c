import type { UserVoteType } from '../../../contracts/klip-kinds.ts';

/** Labels of the klip card and the library screens; the spec's quoted texts are in klipMessages. */
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
} as const;

/** Attribute names as people read them: 'aspect_ratio' → 'Aspect ratio'. */
export function attributeLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
