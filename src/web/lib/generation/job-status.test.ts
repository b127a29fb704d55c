import { describe, expect, it } from 'vitest';
import { groupFailureMessage } from './job-status.ts';

const failed = (message: string, refunded = true) => ({ error: { code: 'PROVIDER_FAILED', message }, refunded, cost: 1 });

describe('a group where no variation succeeded', () => {
  it('says the first error and every credit that came back', () => {
    expect(groupFailureMessage([failed('Busy.')])).toBe('Busy. Your credit was refunded.');
    expect(groupFailureMessage([failed('Busy.'), failed('Timed out.'), failed('Busy.')])).toBe('Busy. Your 3 credits were refunded.');
  });

  it('claims no refund unless every job was refunded, and falls back to the generic message', () => {
    expect(groupFailureMessage([failed('Busy.'), failed('Lost.', false)])).toBe('Busy.');
    expect(groupFailureMessage([])).toBe('Failed to generate image');
  });
});
