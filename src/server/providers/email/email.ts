export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ messageId: string }>;
}

/** The first http(s) link of a text: what the outbox logs so a developer can click it. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"')]+/.exec(text)?.[0];
}
