/** What the public collection of the community's klips says. */
export const collectionsTexts = {
  pageName: 'Collections',
  heading: 'Collections',
  intro: 'Public klips from the Klipt community. Vote for your favourites and share what inspires you.',
  filterLabel: 'Filter the collection',
  sort: 'Sort',
  types: { all: 'All', image: 'Image Klips', video: 'Video Klips' },
  sorts: { latest: 'Latest', trending: 'Trending', top: 'Top Rated' },
  empty: 'Nobody has shared a klip yet. Klips their makers make public show up here.',
} as const;
