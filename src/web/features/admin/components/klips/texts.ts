import type { AdminRatingFilter, AdminVisibilityFilter } from '../../../../../contracts/admin-klips.ts';
import type { KlipTypeFilter } from '../../../../../contracts/klips.ts';

/** The Klips Gallery's labels; the spec's texts (empty state, delete confirmation) are in adminKlipMessages. */
export const galleryTexts = {
  heading: 'Klips Gallery',
  filterLabel: 'Filter the klips gallery',
  userFilter: 'Filter by user',
  userPlaceholder: 'Filter by user…',
  users: 'Users',
  searchingUsers: 'Searching users…',
  userSearchFailed: 'Could not search users. Please try again.',
  clearUser: 'Clear user filter',
  klipsBy: 'Klips by',
  advanced: 'Advanced filters',
  type: 'Type',
  visibility: 'Visibility',
  rating: 'Rating',
  delete: 'Delete',
  deleteKlip: 'Delete klip',
} as const;

export const typeOptions = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
] as const satisfies ReadonlyArray<{ value: KlipTypeFilter; label: string }>;

export const visibilityOptions = [
  { value: 'all', label: 'All' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
] as const satisfies ReadonlyArray<{ value: AdminVisibilityFilter; label: string }>;

export const ratingOptions = [
  { value: 'all', label: 'All' },
  { value: 'rated', label: 'Rated' },
  { value: 'unrated', label: 'Unrated' },
] as const satisfies ReadonlyArray<{ value: AdminRatingFilter; label: string }>;
