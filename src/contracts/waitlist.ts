import { z } from 'zod';
import { defineContract } from './contract.ts';
import { emailAddress, optionalText, optionalUrl, text } from './fields.ts';

/** What users read about the waitlist. */
export const waitlistMessages = {
  duplicate: "You're already on the waitlist!",
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 120 characters',
  phoneTooLong: 'Phone must be at most 40 characters',
  companyTooLong: 'Company must be at most 120 characters',
  imageNeedsTooLong: 'Image needs must be at most 2,000 characters',
  roleInvalid: 'Please choose a role from the list',
  planInvalid: 'Please choose a plan from the list',
} as const;

export const waitlistRoles = ['creator', 'marketer', 'designer', 'developer', 'business', 'other'] as const;
export type WaitlistRole = (typeof waitlistRoles)[number];

export const expectedPlans = ['starter', 'growth', 'pro', 'not_sure'] as const;
export type ExpectedPlan = (typeof expectedPlans)[number];

export const expectedPlanOptions: ReadonlyArray<{ value: ExpectedPlan; label: string; points: number }> = [
  { value: 'starter', label: 'Starter Plan ($29)', points: 2 },
  { value: 'growth', label: 'Growth Plan ($99)', points: 4 },
  { value: 'pro', label: 'Pro Plan ($249)', points: 8 },
  { value: 'not_sure', label: 'Not sure', points: 0 },
];

/** Points per answered field (docs/product-rules.md#waitlist); the best possible score is 21. */
export const waitlistScoreWeights = { phone: 3, company: 1, role: 2, linkedin: 3, imageNeeds: 4 } as const;

export const waitlistStatuses = ['pending', 'approved', 'rejected'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

function optionalChoice<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ? v.trim() : '') || null)
    .pipe(z.enum(values, message).nullable());
}

export const JoinWaitlistRequest = z
  .object({
    name: text({ required: waitlistMessages.nameRequired, max: [120, waitlistMessages.nameTooLong], name: true }),
    email: emailAddress,
    phoneNumber: optionalText({ max: [40, waitlistMessages.phoneTooLong] }),
    role: optionalChoice(waitlistRoles, waitlistMessages.roleInvalid),
    company: optionalText({ max: [120, waitlistMessages.companyTooLong] }),
    linkedinUrl: optionalUrl('LinkedIn URL'),
    imageNeeds: optionalText({ max: [2000, waitlistMessages.imageNeedsTooLong], multiline: true }),
    expectedPlan: optionalChoice(expectedPlans, waitlistMessages.planInvalid),
  })
  .meta({ id: 'JoinWaitlistRequest' });

export type JoinWaitlistInput = z.input<typeof JoinWaitlistRequest>;
export type JoinWaitlistData = z.output<typeof JoinWaitlistRequest>;

export const JoinWaitlistResponse = z
  .object({
    id: z.string(),
    email: z.string(),
    status: z.enum(waitlistStatuses),
  })
  .meta({ id: 'JoinWaitlistResponse' });

export const joinWaitlist = defineContract({
  method: 'POST',
  path: '/api/waitlist',
  summary: 'Join the waitlist',
  tags: ['waitlist'],
  body: JoinWaitlistRequest,
  status: 201,
  response: JoinWaitlistResponse,
  errors: [400, 409, 429],
  auth: 'public',
});
