import { escapeHtml } from './html.ts';

export interface EmailContent {
  /** Short heading at the top of the message. */
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action. */
  footnote?: string;
}

/** Plain text and a simple branded HTML body for every email Klipt sends. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    '— The Klipt team',
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6d28d9;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:10px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">Or open this link: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f5f3ff;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<div style="font-size:22px;font-weight:800;color:#6d28d9;margin-bottom:20px">Klipt</div>
<div style="background:#ffffff;border-radius:16px;padding:28px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.6;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:12px;color:#6b7280;margin-top:20px">${escapeHtml(content.footnote)}</p>` : ''}
</div>
<p style="font-size:12px;color:#6b7280;text-align:center;margin-top:20px">— The Klipt team</p>
</div></body></html>`;
  return { text, html };
}
