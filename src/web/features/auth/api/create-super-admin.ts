import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateSuperAdminRequest } from '#contracts/admin.ts';
import { callApi } from '#web/lib/api-client.ts';
import { createSuperAdmin } from '#contracts/routes.ts';

export type CreateSuperAdminData = z.output<typeof CreateSuperAdminRequest>;

export function createSuperAdminAccount(body: CreateSuperAdminData) {
  return callApi(createSuperAdmin, { body });
}

export function useCreateSuperAdmin() {
  return useMutation({ mutationKey: ['admin', 'create-super-admin'], mutationFn: createSuperAdminAccount });
}
