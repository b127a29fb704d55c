import { z } from 'zod';
import { defineContract } from './contract.ts';
import { text } from './fields.ts';
import { klipSources, klipTypes } from './klip-kinds.ts';

/** What users read about klips. */
export const klipMessages = {
  notFound: 'Klip not found',
  fileNameInvalid: 'The file name may use letters, digits and hyphens',
  fileNameTooLong: 'The file name must be at most 60 characters',
} as const;

export const KlipAttribute = z.object({ name: z.string(), value: z.string() });

/** A klip as its owner sees it. */
export const Klip = z
  .object({
    id: z.string(),
    klipType: z.enum(klipTypes),
    imageUrl: z.string(),
    thumbnailUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    prompt: z.string(),
    modelName: z.string(),
    source: z.enum(klipSources),
    isPublic: z.boolean(),
    createdAt: z.string(),
    attributes: z.array(KlipAttribute),
  })
  .meta({ id: 'Klip' });
export type Klip = z.infer<typeof Klip>;

export const downloadKlip = defineContract({
  method: 'GET',
  path: '/api/klips/:id/download',
  summary: 'Download a klip; format=jpg converts the image on the server (owner, super admin, or public klips)',
  tags: ['klips'],
  params: z.object({ id: z.uuid('Unknown klip') }),
  query: z.object({
    format: z.enum(['jpg', 'original']).default('jpg'),
    name: text({ max: [60, klipMessages.fileNameTooLong] })
      .regex(/^[a-z0-9][a-z0-9-]*$/i, klipMessages.fileNameInvalid)
      .optional(),
  }),
  status: 200,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: [400, 404],
  auth: 'public',
});
