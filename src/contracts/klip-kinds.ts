/** Domain vocabularies shared by the database, the API and the web app. */
export const klipTypes = ['image', 'video'] as const;
export type KlipType = (typeof klipTypes)[number];

export const voteTypes = ['archived', 'one_star', 'two_stars', 'heart', 'superlike'] as const;
export type VoteType = (typeof voteTypes)[number];

/** Providers a klip can come from; 'local' marks the built-in renderer's previews. */
export const klipSources = ['local', 'segmind', 'bfl'] as const;
export type KlipSource = (typeof klipSources)[number];
