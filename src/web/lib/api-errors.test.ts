import { describe, expect, it } from 'vitest';
import { genericMessages } from '#contracts/errors.ts';
import { ApiError } from './api-client.ts';
import { userMessage } from './api-errors.ts';
import { connectionTexts } from './texts.ts';

describe('userMessage', () => {
  it('shows the message Klipt’s server sent', () => {
    const error = new ApiError('CONFLICT', "You're already on the waitlist!", 409, { fromServer: true });
    expect(userMessage(error, 'fallback')).toBe("You're already on the waitlist!");
  });

  it('says that Klipt could not be reached when the network failed', () => {
    expect(userMessage(new ApiError('NETWORK', connectionTexts.unreachable, 0), 'fallback')).toBe(connectionTexts.unreachable);
  });

  it('uses the screen’s text for answers without a message of Klipt’s (a proxy page) and for exceptions', () => {
    expect(userMessage(new ApiError('INTERNAL', 'Request failed (502)', 502), 'Failed to update password')).toBe(
      'Failed to update password',
    );
    expect(userMessage(new TypeError('x is undefined'), 'Failed to update password')).toBe('Failed to update password');
  });

  it('falls back to the generic sentence when the screen has no text of its own', () => {
    expect(userMessage(new Error('boom'))).toBe(genericMessages.internal);
  });
});
