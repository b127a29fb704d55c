import { describe, expect, it } from 'vitest';
import { JoinWaitlistRequest } from '#contracts/waitlist.ts';
import { computeWaitlistScore } from './score.ts';

const parse = (input: Record<string, unknown>) => JoinWaitlistRequest.parse({ name: 'A', email: 'a@b.co', ...input });

describe('computeWaitlistScore', () => {
  it('is 0 with only the required fields', () => {
    expect(computeWaitlistScore(parse({}))).toBe(0);
  });

  it('adds 21 for a complete Pro answer', () => {
    expect(
      computeWaitlistScore(
        parse({
          phoneNumber: '1',
          company: 'c',
          role: 'marketer',
          linkedinUrl: 'https://linkedin.com/in/a',
          imageNeeds: 'n',
          expectedPlan: 'pro',
        }),
      ),
    ).toBe(21);
  });

  it.each([
    [{ phoneNumber: '555' }, 3],
    [{ company: 'Acme' }, 1],
    [{ role: 'designer' }, 2],
    [{ linkedinUrl: 'https://www.linkedin.com/in/x' }, 3],
    [{ imageNeeds: 'ads' }, 4],
    [{ expectedPlan: 'starter' }, 2],
    [{ expectedPlan: 'growth' }, 4],
    [{ expectedPlan: 'pro' }, 8],
    [{ expectedPlan: 'not_sure' }, 0],
    [{ phoneNumber: '   ', company: '' }, 0],
  ])('scores %j as %i', (input, expected) => {
    expect(computeWaitlistScore(parse(input))).toBe(expected);
  });
});
