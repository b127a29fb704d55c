import { z } from 'zod';
import { defineContract } from './contract.ts';

export const HealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'HealthResponse' });

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  summary: 'Liveness: the process serves requests (for orchestrators; depends on nothing else)',
  tags: ['system'],
  status: 200,
  response: HealthResponse,
  errors: [],
  auth: 'public',
});

export const ReadyResponse = z
  .object({
    status: z.literal('ready'),
    checks: z.object({ database: z.literal('ok'), storage: z.literal('ok'), queue: z.literal('ok') }),
  })
  .meta({ id: 'ReadyResponse' });

export const getReady = defineContract({
  method: 'GET',
  path: '/api/ready',
  summary: 'Readiness: database, file storage and job queue reachable, and not shutting down (for load balancers)',
  tags: ['system'],
  status: 200,
  response: ReadyResponse,
  errors: [503],
  auth: 'public',
});
