/**
 * Who may see or use what: every service that reads a klip, a trained model or an upload for a
 * user asks here, so the answer is the same on every screen and endpoint. Pure functions of the
 * viewer and the row; a null viewer is a visitor (or an account whose email is not confirmed).
 * Anything a viewer may not see answers "not found" in the services, never "forbidden".
 */
export interface Viewer {
  id: string;
  isSuperAdmin: boolean;
}

interface Owned {
  /** The owner's user id; null for rows nobody owns (built-in models), which only super admins manage. */
  ownerId: string | null;
}

/** A klip: public ones for everyone; private ones for their owner and super admins. */
export function canReadKlip(viewer: Viewer | null, klip: Owned & { isPublic: boolean }): boolean {
  return klip.isPublic || isOwnerOrAdmin(viewer, klip);
}

/** Tagging a klip and making it public or private: its owner and super admins. */
export function canEditKlip(viewer: Viewer | null, klip: Owned): boolean {
  return isOwnerOrAdmin(viewer, klip);
}

/** A trained model shows in lists and answers on its own to everyone it is public for, its owner and super admins. */
export function canSeeTrainedModel(viewer: Viewer | null, model: Owned & { isPublic: boolean }): boolean {
  return model.isPublic || isOwnerOrAdmin(viewer, model);
}

/**
 * Generating with a trained model: public ones for everyone; private ones for their owner and
 * super admins, the same people who see them (docs/product-rules.md#screens-and-access).
 */
export function canUseTrainedModel(viewer: Viewer | null, model: Owned & { isPublic: boolean }): boolean {
  return model.isPublic || isOwnerOrAdmin(viewer, model);
}

/** Making a trained model public or private: its owner and super admins. */
export function canEditTrainedModel(viewer: Viewer | null, model: Owned): boolean {
  return isOwnerOrAdmin(viewer, model);
}

/** An uploaded input image is its uploader's alone: nobody else can generate with it. */
export function canUseUpload(viewer: Viewer | null, upload: Owned): boolean {
  return viewer !== null && viewer.id === upload.ownerId;
}

/** A batch (its settings, items, ZIP) is its owner's alone, like the uploads it was made from. */
export function canUseBatch(viewer: Viewer | null, batch: Owned): boolean {
  return viewer !== null && viewer.id === batch.ownerId;
}

/**
 * The built-in test checkout grants credits without payment (paying a test checkout, a renewal run
 * from its portal): anyone may where no real money can be spent; where it can and the operator
 * turned it on by name, only super admins (docs/product-rules.md#plans-and-payments).
 */
export function canUseTestCheckout(viewer: Viewer | null, adminsOnly: boolean): boolean {
  return viewer !== null && (!adminsOnly || viewer.isSuperAdmin);
}

/**
 * Which trained models a list shows: everything for super admins, else public ones plus the
 * viewer's own — exactly the models `canSeeTrainedModel` and `canUseTrainedModel` admit, so the
 * editor can offer every model of the list.
 */
export function trainedModelListScope(viewer: Viewer | null): { all: true } | { publicOrOwnedBy: string | null } {
  return viewer?.isSuperAdmin ? { all: true } : { publicOrOwnedBy: viewer?.id ?? null };
}

function isOwnerOrAdmin(viewer: Viewer | null, row: Owned): boolean {
  return viewer !== null && (viewer.id === row.ownerId || viewer.isSuperAdmin);
}
