import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';
import type { EmailSender } from './email.ts';

/** Real delivery through any SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function createSmtpEmail(options: { url: string; from: string; logger: Logger }): EmailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      options.logger.info({ email: { to: message.to, subject: message.subject, messageId: info.messageId } }, 'email sent over SMTP');
      return { messageId: info.messageId };
    },
  };
}
