import { describe, expect, it } from 'vitest';
import { advancedFilterCount, noGalleryFilters, readGalleryFilters, writeGalleryFilters, type GalleryFilters } from './gallery-filters.ts';

describe('gallery filters in the URL', () => {
  it('writes and reads every filter the same way, keeping the tab and leaving out the defaults', () => {
    const filters: GalleryFilters = {
      search: 'glass bottle',
      user: { id: 'u_42-x', email: 'leo@sneakers.test' },
      type: 'video',
      visibility: 'private',
      rating: 'unrated',
      tag: 'gift',
    };
    const params = writeGalleryFilters(new URLSearchParams('tab=klips&q=old&rating=rated'), filters);
    expect(params.get('tab')).toBe('klips');
    expect(readGalleryFilters(params)).toEqual(filters);
    expect(advancedFilterCount(filters)).toBe(3);
    expect(writeGalleryFilters(params, noGalleryFilters).toString()).toBe('tab=klips');
  });

  it('ignores what it does not know: unknown values, a malformed user id, an empty email', () => {
    expect(readGalleryFilters(new URLSearchParams('type=gif&visibility=secret&rating=5&user=%3Cscript%3E&tag=%20Gift%20'))).toEqual({
      ...noGalleryFilters,
      tag: 'gift',
    });
    expect(readGalleryFilters(new URLSearchParams('user=u2&email=')).user).toEqual({ id: 'u2', email: null });
  });
});
