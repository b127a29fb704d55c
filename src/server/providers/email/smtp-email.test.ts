import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml } from '#test-support/mailbox.ts';
import { silentLogger } from '../../lib/logger.ts';
import { createSmtpEmail } from './smtp-email.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'klipt' && auth.password === 's3cret') callback(null, { user: 'klipt' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP email', () => {
  it('delivers the message with authentication to the SMTP server', async () => {
    const email = createSmtpEmail({
      url: `smtp://klipt:s3cret@127.0.0.1:${port}`,
      from: 'Klipt <hello@klipt.example>',
      logger: silentLogger(),
    });
    const { messageId } = await email.send({
      to: 'grace@example.com',
      subject: 'Welcome to Klipt',
      text: 'Open https://klipt.example/start now',
      html: '<b>Hi</b>',
    });
    expect(messageId).toMatch(/@/);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.user).toBe('klipt');
    expect(mail.from).toBe('hello@klipt.example');
    expect(mail.to).toEqual(['grace@example.com']);
    const parsed = parseEml(mail.raw.replace(/\r\n/g, '\n'));
    expect(parsed.subject).toBe('Welcome to Klipt');
    expect(parsed.links).toEqual(['https://klipt.example/start']);
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const email = createSmtpEmail({ url: `smtp://klipt:wrong@127.0.0.1:${port}`, from: 'hello@klipt.example', logger: silentLogger() });
    await expect(email.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow(/Invalid username or password|auth/i);
  });
});
