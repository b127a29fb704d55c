import { describe, expect, it } from 'vitest';
import * as templates from './templates.ts';

/** Markup, quotes and an ampersand: what a display name or any other value may hold. */
const hostile = `<img src=x onerror=alert(1)>"'&`;
const escaped = '&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;';

type Template = (...values: string[]) => { subject: string; text: string; html?: string };

describe('email templates', () => {
  // Templates taking a recipient and a record of values are checked one by one below.
  const withRecord = ['creditReceiptEmail'];
  const all = Object.entries(templates as unknown as Record<string, Template>).filter(
    ([name, fn]) => typeof fn === 'function' && !withRecord.includes(name),
  );

  it('are all checked here', () => {
    expect(all.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'verificationEmail',
        'passwordResetEmail',
        'waitlistConfirmationEmail',
        'invitationEmail',
        'teamInvitationEmail',
      ]),
    );
  });

  it.each(all)('%s HTML-escapes every value it is given', (_, template) => {
    // Also a valid URL, for the templates that build links from the app's address.
    const value = `https://example.com/?${hostile}`;
    const message = template(...Array.from({ length: template.length }, () => value));
    const html = message.html ?? '';
    expect(html).not.toContain('<img');
    expect(html).not.toContain(`"'&`);
    // Each value either appears escaped or not at all (the recipient is only in the envelope).
    expect(html.split(hostile).length).toBe(1);
  });

  it('creditReceiptEmail escapes the description and formats credits and the amount paid', () => {
    const message = templates.creditReceiptEmail('ann@example.com', {
      description: hostile,
      credits: 1500,
      amountPaid: 24900,
      currency: 'usd',
      renewal: true,
      appUrl: 'http://localhost:3000',
    });
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain(escaped);
    expect(message.text).toContain('1,500 credits');
    expect(message.text).toContain('$249.00');
    expect(message.html).toContain('http://localhost:3000/credits');
    expect(message.subject).toBe(`Your Klipt receipt: 1,500 credits (${hostile})`);
  });

  it('shows the name of the waitlist confirmation as text in the HTML and as typed in the plain text', () => {
    const message = templates.waitlistConfirmationEmail('ann@example.com', hostile, 'http://localhost:3000');
    expect(message.html).toContain(`Hi ${escaped}, thanks for joining`);
    expect(message.text).toContain(`Hi ${hostile}, thanks for joining`);
  });
});
