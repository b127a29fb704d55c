import { z } from 'zod';
import { defineContract } from './contract.ts';

export const HealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness and database reachability',
  tags: ['system'],
  status: 200,
  response: HealthResponse,
  errors: [503],
  auth: 'public',
});
