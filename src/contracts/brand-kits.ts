import { z } from 'zod';
import { catalogFontIds, DEFAULT_BODY_FONT, DEFAULT_HEADING_FONT } from './brand-fonts.ts';
import { defineContract } from './contract.ts';
import { optionalText, text, textList } from './fields.ts';
import { workspaceMessages } from './workspaces.ts';

/** What users read about brand kits and their fonts and logos (docs/product-rules.md#brand-kits). */
export const brandKitMessages = {
  notFound: 'Brand kit not found',
  fontNotFound: 'Font not found',
  nameRequired: 'Brand kit name is required',
  nameTooLong: 'Brand kit name must be at most 60 characters',
  tooManyKits: (max: number) => `A workspace can keep up to ${max} brand kits. Delete one before adding another.`,
  colorNameRequired: 'Each colour needs a name',
  colorNameTooLong: 'Colour names must be at most 30 characters',
  colorHexInvalid: 'Colours must be hex codes like #1A2B3C',
  tooManyColors: 'A brand kit holds up to 8 colours',
  voiceTooLong: 'Brand voice must be at most 500 characters',
  avoidWordEmpty: 'Words to avoid cannot be empty',
  avoidWordTooLong: 'Each word to avoid must be at most 40 characters',
  tooManyAvoidWords: 'List up to 30 words to avoid',
  fontChoiceInvalid: 'Choose one of the listed fonts or one you uploaded',
  logoVariantInvalid: 'Choose the light or the dark logo',
  logoType: 'Logos must be PNG, JPEG, WebP or SVG files.',
  logoTooLarge: 'Logos must be under 5 MB.',
  svgLogoTooLarge: 'SVG logos must be under 1 MB.',
  logoUnreadable: 'This logo could not be read. Save it again as PNG or SVG and retry.',
  fontType: 'Fonts must be TTF, OTF or WOFF2 files.',
  fontTooLarge: 'Fonts must be under 8 MB.',
  fontUnreadable: 'This file is not a font Klipt can use. Upload a TTF, OTF or WOFF2 file that has Latin letters.',
  tooManyFonts: (max: number) => `A workspace can keep up to ${max} uploaded fonts. Delete one before adding another.`,
  fontInUse: 'A brand kit still uses this font. Choose another font in that kit first.',
} as const;

export const BRAND_KITS_PER_WORKSPACE = 20;
export const BRAND_FONTS_PER_WORKSPACE = 20;
export const BRAND_KIT_MAX_COLORS = 8;
export const BRAND_LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** An SVG logo is rasterised on the server: larger ones are refused. */
export const BRAND_LOGO_SVG_MAX_BYTES = 1024 * 1024;
/** Logos are stored as rasters whose long side is at most this many pixels. */
export const BRAND_LOGO_MAX_SIDE = 1024;
export const BRAND_FONT_MAX_BYTES = 8 * 1024 * 1024;
export const BRAND_LOGO_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'image/svg+xml': ['.svg'],
} as const;
export const BRAND_FONT_ACCEPT = {
  'font/ttf': ['.ttf'],
  'font/otf': ['.otf'],
  'font/woff2': ['.woff2'],
} as const;

export const logoVariants = ['light', 'dark'] as const;
export type LogoVariant = (typeof logoVariants)[number];

const workspaceId = z.uuid(workspaceMessages.notFound);
const kitId = z.uuid(brandKitMessages.notFound);

/**
 * 'Use brand kit' on a generation, batch or prompt helper request: a kit of the caller's current
 * workspace (its colours and voice feed the prompt; the klip records it). Omitted: no kit.
 */
export const brandKitChoice = z.uuid(brandKitMessages.notFound).optional();
const fontId = z.uuid(brandKitMessages.fontNotFound);

/** A kit's font: one Klipt ships, or one the workspace uploaded. */
export const FontChoice = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('catalog'), id: z.enum(catalogFontIds, brandKitMessages.fontChoiceInvalid) }).strict(),
      z.object({ kind: z.literal('uploaded'), id: z.uuid(brandKitMessages.fontChoiceInvalid) }).strict(),
    ],
    { error: brandKitMessages.fontChoiceInvalid },
  )
  .meta({ id: 'FontChoice' });
export type FontChoice = z.infer<typeof FontChoice>;

const colorHex = z
  .string(brandKitMessages.colorHexInvalid)
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, brandKitMessages.colorHexInvalid)
  .overwrite((v) => v.toUpperCase());

export const BrandColor = z
  .object({
    name: text({ required: brandKitMessages.colorNameRequired, max: [30, brandKitMessages.colorNameTooLong], label: true }),
    hex: colorHex,
  })
  .strict()
  .meta({ id: 'BrandColor' });
export type BrandColor = z.infer<typeof BrandColor>;

export const BrandLogo = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).meta({ id: 'BrandLogo' });
export type BrandLogo = z.infer<typeof BrandLogo>;

export const BrandFont = z
  .object({
    id: z.string(),
    /** The family name read from the file. */
    family: z.string(),
    fileName: z.string(),
    format: z.enum(['ttf', 'otf', 'woff2']),
    /** A short-lived address of the file, for previews (members only). */
    url: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BrandFont' });
export type BrandFont = z.infer<typeof BrandFont>;

export const BrandKit = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    isDefault: z.boolean(),
    colors: z.array(BrandColor),
    headingFont: FontChoice,
    bodyFont: FontChoice,
    voice: z.string().nullable(),
    avoidWords: z.array(z.string()),
    logos: z.object({ light: BrandLogo.nullable(), dark: BrandLogo.nullable() }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'BrandKit' });
export type BrandKit = z.infer<typeof BrandKit>;

export const BrandKitList = z.object({ kits: z.array(BrandKit), fonts: z.array(BrandFont) }).meta({ id: 'BrandKitList' });
export type BrandKitList = z.infer<typeof BrandKitList>;

const avoidWord = text({ required: brandKitMessages.avoidWordEmpty, max: [40, brandKitMessages.avoidWordTooLong], label: true });

/** Each field of a kit with its rules and messages (the web editor checks with the same ones). */
export const brandKitFields = {
  name: text({ required: brandKitMessages.nameRequired, max: [60, brandKitMessages.nameTooLong], name: true }),
  colors: z.array(BrandColor).max(BRAND_KIT_MAX_COLORS, brandKitMessages.tooManyColors),
  headingFont: FontChoice,
  bodyFont: FontChoice,
  voice: optionalText({ max: [500, brandKitMessages.voiceTooLong], multiline: true }),
  avoidWords: textList(avoidWord, {
    required: brandKitMessages.avoidWordEmpty,
    max: [30, brandKitMessages.tooManyAvoidWords],
    mayBeEmpty: true,
  }),
};

/**
 * Everything a kit holds but its logos (uploaded apart). Only the name is required: a new kit has
 * no colours, no words to avoid and the catalogue's default heading and body fonts unless sent.
 */
export const BrandKitInput = z
  .object({
    ...brandKitFields,
    colors: brandKitFields.colors.default([]),
    headingFont: FontChoice.default({ kind: 'catalog', id: DEFAULT_HEADING_FONT }),
    bodyFont: FontChoice.default({ kind: 'catalog', id: DEFAULT_BODY_FONT }),
    avoidWords: brandKitFields.avoidWords.default([]),
  })
  .strict()
  // Not 'BrandKitInput': the OpenAPI generator names BrandKit's input variant so, and refuses two components of one name.
  .meta({ id: 'BrandKitFields' });
export type BrandKitInput = z.input<typeof BrandKitInput>;

/** A PATCH: only the fields sent change (no defaults here, so a missing field keeps its value). */
export const BrandKitChanges = z.object(brandKitFields).partial().strict().meta({ id: 'BrandKitChanges' });
export type BrandKitChanges = z.input<typeof BrandKitChanges>;

const workspaceParams = z.object({ workspaceId });
const kitParams = z.object({ workspaceId, kitId });

export const listBrandKits = defineContract({
  method: 'GET',
  path: '/api/workspaces/:workspaceId/brand-kits',
  summary: "The workspace's brand kits (the default first) and its uploaded fonts (members only)",
  tags: ['brand-kits'],
  params: workspaceParams,
  entitlement: 'brandKits',
  status: 200,
  response: BrandKitList,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const createBrandKit = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/brand-kits',
  summary: 'Add a brand kit (the first one becomes the default)',
  tags: ['brand-kits'],
  params: workspaceParams,
  body: BrandKitInput,
  entitlement: 'brandKits',
  status: 201,
  response: BrandKit,
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});

export const updateBrandKit = defineContract({
  method: 'PATCH',
  path: '/api/workspaces/:workspaceId/brand-kits/:kitId',
  summary: 'Change a brand kit (only the fields sent)',
  tags: ['brand-kits'],
  params: kitParams,
  body: BrandKitChanges,
  entitlement: 'brandKits',
  status: 200,
  response: BrandKit,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const makeDefaultBrandKit = defineContract({
  method: 'PUT',
  path: '/api/workspaces/:workspaceId/brand-kits/:kitId/default',
  summary: "Make a brand kit the workspace's default",
  tags: ['brand-kits'],
  params: kitParams,
  entitlement: 'brandKits',
  status: 200,
  response: BrandKit,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const deleteBrandKit = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/brand-kits/:kitId',
  summary: 'Delete a brand kit and its logos (klips made with it keep their look; the oldest other kit becomes the default)',
  tags: ['brand-kits'],
  params: kitParams,
  entitlement: 'brandKits',
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

const logoParams = z.object({ workspaceId, kitId, variant: z.enum(logoVariants, brandKitMessages.logoVariantInvalid) });

export const uploadBrandLogo = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/brand-kits/:kitId/logos/:variant',
  summary:
    'Set the light or dark logo (multipart field "file"; PNG, JPEG, WebP or SVG under 5 MB; SVG is rasterised on the server and never served as SVG)',
  tags: ['brand-kits'],
  params: logoParams,
  consumes: 'multipart/form-data',
  entitlement: 'brandKits',
  status: 200,
  response: BrandKit,
  errors: [400, 401, 403, 404, 413, 415, 429],
  auth: 'verified',
});

export const removeBrandLogo = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/brand-kits/:kitId/logos/:variant',
  summary: 'Remove the light or dark logo',
  tags: ['brand-kits'],
  params: logoParams,
  entitlement: 'brandKits',
  status: 200,
  response: BrandKit,
  errors: [400, 401, 403, 404],
  auth: 'verified',
});

export const uploadBrandFont = defineContract({
  method: 'POST',
  path: '/api/workspaces/:workspaceId/brand-fonts',
  summary: 'Upload a font for the workspace\'s kits (multipart field "file"; TTF, OTF or WOFF2 under 8 MB, checked by parsing it)',
  tags: ['brand-kits'],
  params: workspaceParams,
  consumes: 'multipart/form-data',
  entitlement: 'brandKits',
  status: 201,
  response: BrandFont,
  errors: [400, 401, 403, 404, 409, 413, 415, 429],
  auth: 'verified',
});

export const deleteBrandFont = defineContract({
  method: 'DELETE',
  path: '/api/workspaces/:workspaceId/brand-fonts/:fontId',
  summary: 'Delete an uploaded font (not while a kit uses it)',
  tags: ['brand-kits'],
  params: z.object({ workspaceId, fontId }),
  entitlement: 'brandKits',
  status: 204,
  response: z.void(),
  errors: [400, 401, 403, 404, 409],
  auth: 'verified',
});
