import type { Logger } from '../../lib/logger.ts';
import type { EmailSender } from './email.ts';

/** Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpEmail(options: { url: string; from: string; logger: Logger }): EmailSender {
  // nodemailer is loaded with the first message, not with the server (docs/operations.md#memory).
  const transport = async () => (await import('nodemailer')).default.createTransport(options.url);
  let ready: ReturnType<typeof transport> | undefined;
  return {
    async send(message) {
      const info = await (await (ready ??= transport())).sendMail({ from: options.from, ...message });
      options.logger.info({ email: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'email sent over SMTP');
      return { messageId: info.messageId };
    },
  };
}
