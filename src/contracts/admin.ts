import { z } from 'zod';
import { defineContract } from './contract.ts';
import { emailAddress, text } from './fields.ts';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';

/** What super admins read in the admin tools. */
export const adminMessages = {
  userCreationFailed: 'User creation failed',
} as const;

export const CreateSuperAdminRequest = z
  .object({
    email: emailAddress,
    password: text({
      required: authMessages.passwordRequired,
      min: [PASSWORD_MIN, authMessages.passwordTooShort],
      max: [PASSWORD_MAX, authMessages.passwordTooLong],
      keepWhitespace: true,
    }),
  })
  .meta({ id: 'CreateSuperAdminRequest' });
export type CreateSuperAdminInput = z.input<typeof CreateSuperAdminRequest>;

export const CreateSuperAdminResponse = z
  .object({ userId: z.string(), email: z.string(), created: z.boolean() })
  .meta({ id: 'CreateSuperAdminResponse' });

export const createSuperAdmin = defineContract({
  method: 'POST',
  path: '/api/admin/super-admins',
  summary: 'Create a verified super admin, or promote an existing user (super admins only)',
  tags: ['admin'],
  body: CreateSuperAdminRequest,
  status: 201,
  response: CreateSuperAdminResponse,
  errors: [400, 401, 403],
  auth: 'admin',
});
