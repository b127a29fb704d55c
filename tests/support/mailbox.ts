import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './wait-for.ts';

export interface ReceivedEmail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*(?:\\n[ \\t].*)*)`, 'mi').exec(raw);
  return (match?.[1] ?? '').replace(/\n[ \t]+/g, ' ').trim();
}

/** Reads a standard .eml file as written by the outbox (or by any RFC 5322 mailer). */
export function parseEml(raw: string, file = ''): ReceivedEmail {
  // The text part ends at a boundary line the message declares (an alternative nested in a mixed
  // message has two): a quoted-printable line may itself start with '--' (a token wrapped before a '-').
  const boundaries = [...raw.matchAll(/boundary="?([^";\n]+)"?/gi)].map((m) => `\\n--${m[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const partEnd = [...boundaries, '$'].join('|');
  const plainPart = new RegExp(
    `Content-Type: text\\/plain[^\\n]*\\n(?:Content-Transfer-Encoding: ([^\\n]+)\\n)?\\n([\\s\\S]*?)(?:${partEnd})`,
    'i',
  ).exec(raw);
  const encoding = plainPart?.[1]?.trim().toLowerCase();
  const body = plainPart?.[2] ?? '';
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  // Whitespace between two encoded words is folding, not text (RFC 2047 §6.2).
  const subjectRaw = header(raw, 'Subject').replace(/\?=\s+=\?/g, '?==?');
  const subject = subjectRaw.replace(/=\?utf-8\?Q\?(.*?)\?=/gi, (_, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
  return { file, to: header(raw, 'To'), subject, text, links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [] };
}

export async function readOutbox(dir: string): Promise<ReceivedEmail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => parseEml(await readFile(path.join(dir, n), 'utf8'), n)));
}

/** Waits until an email to `to` (optionally with a subject containing `subject`) is in the outbox. */
export async function waitForEmail(dir: string, to: string, subject?: string, timeoutMs = 10_000): Promise<ReceivedEmail> {
  return waitFor(
    async () => {
      const all = await readOutbox(dir);
      return all.reverse().find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && (!subject || m.subject.includes(subject)));
    },
    { timeoutMs, message: `an email to ${to}${subject ? ` about "${subject}"` : ''}` },
  );
}
