import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#test-support/mailbox.ts';
import { firstLink } from './email.ts';
import { createOutboxEmail } from './outbox-email.ts';

const byText = (a: string, b: string) => a.localeCompare(b);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'klipt-outbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('outbox email', () => {
  it('writes a standard .eml file and logs one line with the first link', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const email = createOutboxEmail({ dir, from: 'Klipt <no-reply@klipt.local>', logger });
    const longUrl = `http://localhost:3000/api/auth/verify-email?token=${'t'.repeat(120)}&callbackURL=%2Fonboarding`;
    await email.send({
      to: 'ada@example.com',
      subject: 'Verify your email — Klipt',
      text: `Hello.\n\nVerify: ${longUrl}\n\nThanks`,
      html: '<p>Hello</p>',
    });

    const [mail] = await readOutbox(dir);
    expect(mail).toBeDefined();
    expect(mail!.file).toMatch(/\.eml$/);
    expect(mail!.to).toBe('ada@example.com');
    expect(mail!.subject).toBe('Verify your email — Klipt');
    expect(mail!.links[0]).toBe(longUrl);
    const raw = await readFile(path.join(dir, mail!.file), 'utf8');
    expect(raw).toMatch(/^From: Klipt <no-reply@klipt\.local>$/m);
    expect(raw).toMatch(/^MIME-Version: 1\.0$/m);
    expect(raw).toContain('Content-Type: text/html');

    expect(lines).toHaveLength(1);
    const log = JSON.parse(lines[0]!);
    expect(log.email.link).toBe(longUrl);
    expect(log.msg).toContain(longUrl);
  });

  it("reads a link whole when quoted-printable wraps it before a '-' (a wrapped line starting with '--' is not a part's end)", async () => {
    const wrapsDir = await mkdtemp(path.join(os.tmpdir(), 'klipt-outbox-wraps-'));
    try {
      const email = createOutboxEmail({ dir: wrapsDir, from: 'Klipt <no-reply@klipt.local>', logger: pino({ level: 'silent' }) });
      // A line is 76 characters: some shift of the '--' within the token lands it at a line's start.
      const urls = Array.from(
        { length: 76 },
        (_, shift) => `http://localhost:3000/api/auth/verify-email?token=${'t'.repeat(40 + shift)}--u${'v'.repeat(30)}`,
      );
      for (const [i, url] of urls.entries()) {
        await email.send({ to: `wrap-${i}@example.com`, subject: 'Verify', text: `Verify email: ${url}\n`, html: '<p>Verify</p>' });
      }
      const mails = await readOutbox(wrapsDir);
      const raws = await Promise.all(mails.map((m) => readFile(path.join(wrapsDir, m.file), 'utf8')));
      expect(raws.some((raw) => /\n--u/.test(raw))).toBe(true);
      expect(mails.map((m) => m.links[0] ?? '').sort(byText)).toEqual([...urls].sort(byText));
    } finally {
      await rm(wrapsDir, { recursive: true, force: true });
    }
  });

  it('finds the first link of a text', () => {
    expect(firstLink('see https://klipt.app/x?y=1. and http://b')).toBe('https://klipt.app/x?y=1.');
    expect(firstLink('no link here')).toBeUndefined();
  });
});
