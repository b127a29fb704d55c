import { z } from 'zod';
import { defineContract } from './contract.ts';
import { StandardModel } from './models.ts';

export const adminModelMessages = {
  notFound: 'Unknown model',
  activeInvalid: 'Choose active or inactive',
} as const;

export const listAllStandardModels = defineContract({
  method: 'GET',
  path: '/api/admin/models',
  summary: 'Every standard model, active or not, in display order (super admins only)',
  tags: ['admin'],
  status: 200,
  response: z.object({ models: z.array(StandardModel) }),
  errors: [401, 403],
  auth: 'admin',
});

export const setStandardModelActive = defineContract({
  method: 'PUT',
  path: '/api/admin/models/:id/active',
  summary: 'Turns a standard model on or off: an inactive one is hidden from the editor and refused by the API (super admins only)',
  tags: ['admin'],
  params: z.object({ id: z.uuid(adminModelMessages.notFound) }),
  body: z.object({ isActive: z.boolean(adminModelMessages.activeInvalid) }),
  status: 200,
  response: StandardModel,
  errors: [400, 401, 403, 404],
  auth: 'admin',
});
