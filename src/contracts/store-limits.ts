// Store limits that the web app's texts name. A module of plain values without zod, so that
// importing them does not pull the contracts' schemas into every page (the landing's budget).

/** Products picked for one batch (the batch limit). */
export const STORE_PICK_MAX = 50;
