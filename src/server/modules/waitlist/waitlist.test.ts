import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, SAME_ORIGIN, type TestContext } from '#test-support/test-app.ts';
import { waitForEmail } from '#test-support/mailbox.ts';
import { waitlist } from '../../db/schema/index.ts';

// postgres-pass: same

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

let ipCounter = 0;
/** Each request from its own address, so the per-IP limit only applies where a test wants it. */
function post(body: unknown, headers: Record<string, string> = {}, ip = `10.0.0.${++ipCounter}`) {
  return ctx.app.server.inject({
    method: 'POST',
    url: '/api/waitlist',
    payload: body as object,
    headers: { ...SAME_ORIGIN, ...headers },
    remoteAddress: ip,
  });
}

async function rowFor(email: string) {
  const [row] = await ctx.database.db.select().from(waitlist).where(eq(waitlist.email, email));
  return row;
}

describe('POST /api/waitlist', () => {
  it('stores a trimmed, lowercased, pending entry with plan and score, and answers 201', async () => {
    const res = await post({
      name: '  Ada Lovelace ',
      email: '  Ada@Example.COM ',
      phoneNumber: ' +44 20 7946 0000 ',
      role: 'marketer',
      company: '',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      imageNeeds: '   ',
      expectedPlan: 'growth',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ada@example.com', status: 'pending' });
    const row = await rowFor('ada@example.com');
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      phoneNumber: '+44 20 7946 0000',
      role: 'marketer',
      company: null,
      imageNeeds: null,
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      expectedPlan: 'growth',
      status: 'pending',
      score: 3 + 2 + 3 + 4,
    });
  });

  it('sends a confirmation email through the job queue', async () => {
    await post({ name: 'Grace', email: 'grace@example.com' });
    const mail = await waitForEmail(ctx.outboxDir, 'grace@example.com');
    expect(mail.subject).toBe("You're on the Klipt waitlist");
    expect(mail.text).toContain('Hi Grace');
    expect(mail.links[0]).toBe(ctx.config.appUrl);
  });

  it('stores the name without control or direction-override characters, and emails it so', async () => {
    const res = await post({ name: '\u202e<b>Kai</b>\u202c\u0085 \u2066Lee\u2069', email: 'kai@example.com' });
    expect(res.statusCode).toBe(201);
    expect((await rowFor('kai@example.com'))?.name).toBe('<b>Kai</b> Lee');
    expect((await waitForEmail(ctx.outboxDir, 'kai@example.com')).text).toContain('Hi <b>Kai</b> Lee, thanks');
  });

  it.each([
    ['name', { name: 'Kai\u0000', email: 'x@example.com' }],
    ['email', { name: 'Kai', email: 'x\u0000@example.com' }],
    ['company', { name: 'Kai', email: 'x@example.com', company: 'Acme \ud800' }],
    ['image needs', { name: 'Kai', email: 'x@example.com', imageNeeds: 'mugs\u0000' }],
  ])('refuses what PostgreSQL cannot store in the %s with a 400', async (_, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This text contains control characters or broken symbols. Remove them and try again.');
    expect(await rowFor('x@example.com')).toBeUndefined();
  });

  it('answers 409 with the spec message for a duplicate email, whatever its case', async () => {
    await post({ name: 'Lin', email: 'lin@example.com' });
    const res = await post({ name: 'Lin again', email: 'LIN@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: "You're already on the waitlist!" } });
    expect((await rowFor('lin@example.com'))?.name).toBe('Lin');
  });

  it.each([
    [{ email: 'x@example.com' }, 'Name is required'],
    [{ name: '   ', email: 'x@example.com' }, 'Name is required'],
    [{ name: 'X' }, 'Email is required'],
    [{ name: 'X', email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ name: 'X', email: 'x@example.com', linkedinUrl: 'javascript:alert(1)' }, 'LinkedIn URL must be a valid http(s) URL'],
    [{ name: 'X', email: 'x@example.com', role: 'astronaut' }, 'Please choose a role from the list'],
    [{ name: 'X', email: 'x@example.com', expectedPlan: 'platinum' }, 'Please choose a plan from the list'],
    [{ name: 'X'.repeat(121), email: 'x@example.com' }, 'Name must be at most 120 characters'],
    [{ name: 'X', email: 'x@example.com', imageNeeds: 'x'.repeat(2001) }, 'Image needs must be at most 2,000 characters'],
    [{ name: 'X', email: `${'x'.repeat(250)}@example.com` }, 'Email must be at most 254 characters'],
  ])('refuses %j with a clear 400 and stores nothing', async (body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.message).toContain(message);
    expect(await rowFor('x@example.com')).toBeUndefined();
  });

  it('refuses a request that is not JSON with a clear error', async () => {
    const res = await ctx.app.server.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: '{oops',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses a cross-site submission and changes nothing', async () => {
    const res = await post({ name: 'Eve', email: 'eve@example.com' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await rowFor('eve@example.com')).toBeUndefined();
  });

  it('rate limits one address with a 429, a clear message and Retry-After', async () => {
    const ip = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await post({ name: 'Bot', email: `bot${i}@example.com` }, {}, ip)).statusCode);
    expect(statuses.slice(0, 8).every((s) => s === 201)).toBe(true);
    const limited = await post({ name: 'Bot', email: 'bot-last@example.com' }, {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowFor('bot-last@example.com')).toBeUndefined();
    // Another address is not affected.
    expect((await post({ name: 'Human', email: 'human@example.com' })).statusCode).toBe(201);
  });
});
