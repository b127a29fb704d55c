import {
  adminRatingFilters,
  adminVisibilityFilters,
  userIdField,
  type AdminRatingFilter,
  type AdminVisibilityFilter,
} from '#contracts/admin-klips.ts';
import { klipTypeFilters, type KlipTypeFilter } from '#contracts/klip-rules.ts';

/** The user the gallery is narrowed to; the email is only the chip's label (a hand-made link may lack it). */
export interface GalleryUser {
  id: string;
  email: string | null;
}

/**
 * What the Klips Gallery shows; kept in the URL next to ?tab=klips
 * (?q=&user=&email=&type=&visibility=&rating=&tag=) so a reload or coming back keeps it.
 */
export interface GalleryFilters {
  /** Trimmed; '' for none. */
  search: string;
  user: GalleryUser | null;
  type: KlipTypeFilter;
  visibility: AdminVisibilityFilter;
  rating: AdminRatingFilter;
  tag: string | null;
}

export const noGalleryFilters: GalleryFilters = { search: '', user: null, type: 'all', visibility: 'all', rating: 'all', tag: null };

/** The query parameters the gallery owns; the others (the tab) are left as they are. */
const galleryKeys = ['q', 'user', 'email', 'type', 'visibility', 'rating', 'tag'] as const;

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;

/** Reads the filters from the URL; unknown values fall back to the defaults. */
export function readGalleryFilters(params: URLSearchParams): GalleryFilters {
  const userId = userIdField.safeParse(params.get('user') ?? '');
  const email = params.get('email')?.trim();
  const tag = params.get('tag')?.trim().toLowerCase();
  return {
    search: params.get('q')?.trim() ?? '',
    user: userId.success ? { id: userId.data, email: email ? email : null } : null,
    type: pick(klipTypeFilters, params.get('type'), 'all'),
    visibility: pick(adminVisibilityFilters, params.get('visibility'), 'all'),
    rating: pick(adminRatingFilters, params.get('rating'), 'all'),
    tag: tag ? tag : null,
  };
}

/** `params` with the filters written in (defaults left out) and every other parameter kept. */
export function writeGalleryFilters(params: URLSearchParams, filters: GalleryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of galleryKeys) next.delete(key);
  if (filters.search) next.set('q', filters.search);
  if (filters.user) {
    next.set('user', filters.user.id);
    if (filters.user.email) next.set('email', filters.user.email);
  }
  if (filters.type !== 'all') next.set('type', filters.type);
  if (filters.visibility !== 'all') next.set('visibility', filters.visibility);
  if (filters.rating !== 'all') next.set('rating', filters.rating);
  if (filters.tag) next.set('tag', filters.tag);
  return next;
}

/** How many of the filters behind "Advanced filters" are set. */
export function advancedFilterCount(filters: GalleryFilters): number {
  return [filters.type !== 'all', filters.visibility !== 'all', filters.rating !== 'all'].filter(Boolean).length;
}

export function hasGalleryFilters(filters: GalleryFilters): boolean {
  return filters.search !== '' || filters.user !== null || filters.tag !== null || advancedFilterCount(filters) > 0;
}
