import { z } from 'zod';
import { adLayoutIds, adSize, adSizeIds } from './ad-formats.ts';
import { adMessages, AdTexts } from './ads.ts';
import { brandKitMessages } from './brand-kits.ts';
import { defineContract } from './contract.ts';
import { exportMessages, exportPresetIds } from './exports.ts';
import { text } from './fields.ts';
import { generationMessages } from './generation.ts';
import { promptText } from './prompts.ts';
import { workspaceMessages } from './workspaces.ts';

/** Saved looks (docs/product-rules.md#saved-looks): a batch's settings and its ads, applied in one click. */
export const LOOKS_PER_WORKSPACE = 50;
export const LOOK_NAME_MAX = 60;
export const LOOK_MAX_AD_SIZES = 8;

export const lookMessages = {
  notFound: 'Look not found',
  nameRequired: 'Please name the look',
  nameTooLong: `Look names must be at most ${LOOK_NAME_MAX} characters`,
  nameTaken: 'This workspace already has a look with this name',
  tooManyLooks: `A workspace can keep up to ${LOOKS_PER_WORKSPACE} looks. Delete one before saving another.`,
  layoutRequired: 'Choose a layout for the ads',
  tooManySizes: `Choose at most ${LOOK_MAX_AD_SIZES} ad sizes`,
  duplicateSizes: 'Choose each ad size once',
  duplicatePresets: 'Choose each export preset once',
  backgroundNotUsable: 'The background reference must be an upload of this workspace',
  brandKitNotUsable: 'The brand kit must be a kit of this workspace',
} as const;

const workspaceId = z.uuid(workspaceMessages.notFound);
const lookId = z.uuid(lookMessages.notFound);

/** A look id on a batch request: a look of the caller's current workspace. */
export const lookChoice = lookId.optional();

const adSizeField = z.enum(adSizeIds, adMessages.sizeInvalid);

/** Sizes a look makes ads in; a channel that refuses overlays is refused with its own reason. */
export const lookAdSizes = z
  .array(adSizeField, adMessages.sizeInvalid)
  .max(LOOK_MAX_AD_SIZES, lookMessages.tooManySizes)
  .superRefine((sizes, ctx) => {
    if (new Set(sizes).size !== sizes.length) ctx.addIssue({ code: 'custom', message: lookMessages.duplicateSizes });
    for (const id of sizes) {
      const reason = adSize(id).refusesOverlays;
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    }
  });

export const lookExportPresets = z
  .array(z.enum(exportPresetIds, exportMessages.presetUnknown), exportMessages.presetUnknown)
  .max(exportPresetIds.length, lookMessages.duplicatePresets)
  .refine((presets) => new Set(presets).size === presets.length, lookMessages.duplicatePresets);

export const LookInput = z
  .object({
    name: text({ required: lookMessages.nameRequired, max: [LOOK_NAME_MAX, lookMessages.nameTooLong], name: true }),
    modelType: z.enum(['standard', 'trained'], generationMessages.modelNotFound),
    modelId: z.uuid(generationMessages.modelNotFound),
    prompt: promptText(generationMessages.promptRequired),
    backgroundUploadId: z.uuid(lookMessages.backgroundNotUsable).nullable().default(null),
    brandKitId: z.uuid(brandKitMessages.notFound).nullable().default(null),
    adLayout: z.enum(adLayoutIds, adMessages.layoutInvalid).nullable().default(null),
    adTexts: AdTexts.prefault({}),
    adSizes: lookAdSizes.default([]),
    exportPresets: lookExportPresets.default([]),
  })
  .strict()
  .refine((look) => look.adSizes.length === 0 || look.adLayout !== null, { message: lookMessages.layoutRequired, path: ['adLayout'] })
  // Not 'LookInput': the OpenAPI generator names Look's input variant so, and refuses two components of one name.
  .meta({ id: 'LookFields' });
export type LookInput = z.input<typeof LookInput>;

export const Look = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    modelType: z.enum(['standard', 'trained']),
    modelId: z.string(),
    prompt: z.string(),
    backgroundUploadId: z.string().nullable(),
    /** A short-lived address of the background reference (members only); null when it is gone. */
    backgroundUrl: z.string().nullable(),
    brandKitId: z.string().nullable(),
    adLayout: z.enum(adLayoutIds).nullable(),
    adTexts: z.object({
      headline: z.string().nullable().optional(),
      subline: z.string().nullable().optional(),
      price: z.string().nullable().optional(),
      cta: z.string().nullable().optional(),
    }),
    adSizes: z.array(z.enum(adSizeIds)),
    exportPresets: z.array(z.enum(exportPresetIds)),
    /** The caller may delete it (owners and admins). */
    canDelete: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Look' });
export type Look = z.infer<typeof Look>;

const workspaceParams = z.object({ workspaceId });
const lookParams = z.object({ workspaceId, lookId });

export const listLooks = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId/looks',
  summary: "The workspace's saved looks, by name (members only)",
  tags: ['looks'],
  params: workspaceParams,
  entitlement: 'brandKits',
  status: 200,
  response: z.object({ looks: z.array(Look) }),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const createLook = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/looks',
  summary: 'Save a look: model, prompt, background, brand kit, ad layout, texts and sizes, export presets (at most 50 per workspace)',
  tags: ['looks'],
  params: workspaceParams,
  body: LookInput,
  entitlement: 'brandKits',
  status: 201,
  response: Look,
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const updateLook = defineContract({
  method: 'PUT',
  path: '/api/workspaces/:workspaceId/looks/:lookId',
  summary: 'Replace what a look holds (batches made with it keep what they copied)',
  tags: ['looks'],
  params: lookParams,
  body: LookInput,
  entitlement: 'brandKits',
  status: 200,
  response: Look,
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const deleteLook = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/looks/:lookId',
  summary: 'Delete a look (owners and admins; batches made with it keep what they copied)',
  tags: ['looks'],
  params: lookParams,
  entitlement: 'brandKits',
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});
