/** A mail as the api and the worker compose it; each sends it through its own SMTP transport. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain paragraphs plus an optional call-to-action link, as text and as minimal HTML. */
export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
  closing: string,
): OutgoingMail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), closing].join('\n\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
    `<p>${escapeHtml(closing)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}
