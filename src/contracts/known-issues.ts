import { z } from 'zod';
import { defineContract } from './contract.ts';
import { text } from './fields.ts';

export const knownIssueMessages = {
  textRequired: 'Please describe the issue',
  textTooLong: 'A known issue must be at most 500 characters',
  notFound: 'This known issue no longer exists',
} as const;

export const KNOWN_ISSUE_MAX = 500;
/** The panel lists at most this many, newest first. */
export const KNOWN_ISSUES_LIMIT = 200;

const issueText = text({
  required: knownIssueMessages.textRequired,
  max: [KNOWN_ISSUE_MAX, knownIssueMessages.textTooLong],
  multiline: true,
});

export const KnownIssue = z
  .object({
    id: z.string(),
    text: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** The admin who noted it; null once their account is gone. */
    createdByEmail: z.string().nullable(),
  })
  .meta({ id: 'KnownIssue' });
export type KnownIssue = z.infer<typeof KnownIssue>;

const issueParams = z.object({ id: z.uuid(knownIssueMessages.notFound) });

export const listKnownIssues = defineContract({
  method: 'GET',
  path: '/api/admin/known-issues',
  summary: 'The Known Issues panel, newest first (super admins only)',
  tags: ['admin'],
  status: 200,
  response: z.object({ issues: z.array(KnownIssue) }),
  errors: [401, 403],
  auth: 'admin',
});

export const addKnownIssue = defineContract({
  method: 'POST',
  path: '/api/admin/known-issues',
  summary: 'Notes a known issue (super admins only)',
  tags: ['admin'],
  body: z.object({ text: issueText }),
  status: 201,
  response: KnownIssue,
  errors: [400, 401, 403],
  auth: 'admin',
});

export const editKnownIssue = defineContract({
  method: 'PATCH',
  path: '/api/admin/known-issues/:id',
  summary: "Changes a known issue's text (super admins only)",
  tags: ['admin'],
  params: issueParams,
  body: z.object({ text: issueText }),
  status: 200,
  response: KnownIssue,
  errors: [400, 401, 403, 404],
  auth: 'admin',
});

export const deleteKnownIssue = defineContract({
  method: 'DELETE',
  path: '/api/admin/known-issues/:id',
  summary: 'Removes a known issue (super admins only); removing one that is gone is a no-op',
  tags: ['admin'],
  params: issueParams,
  status: 204,
  response: z.null(),
  errors: [400, 401, 403],
  auth: 'admin',
});
