/** Domain vocabularies shared by the database, the API and the web app. */
export const klipTypes = ['image', 'video'] as const;
export type KlipType = (typeof klipTypes)[number];

export const voteTypes = ['archived', 'one_star', 'two_stars', 'heart', 'superlike'] as const;
export type VoteType = (typeof voteTypes)[number];
/** The votes every signed-in user casts; superlike is for super admins (God Mode). */
export const userVoteTypes = ['archived', 'one_star', 'two_stars', 'heart'] as const;
export type UserVoteType = (typeof userVoteTypes)[number];

/** What each vote adds to a klip's rating score, which orders "Top Rated" (docs/product-rules.md#klips). */
export const voteWeights: Readonly<Record<VoteType, number>> = { archived: 0, one_star: 1, two_stars: 2, heart: 3, superlike: 5 };

/** Providers a klip can come from; 'local' marks the built-in renderer's previews. */
export const klipSources = ['local', 'segmind', 'bfl'] as const;
export type KlipSource = (typeof klipSources)[number];
