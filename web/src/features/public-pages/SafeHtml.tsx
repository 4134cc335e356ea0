import { createElement, Fragment, useMemo, type ReactNode } from 'react';

// Custom pages are stored as HTML written by platform admins. They are never injected as markup: the HTML is parsed
// into an inert document and rebuilt as React elements from an allow-list of tags, keeping no attribute but a
// checked href. Scripts, styles, event handlers and unknown tags cannot survive that.
const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark',
  'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'span', 'div', 'section',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
// Dropped with everything inside them.
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'form', 'head', 'title']);
const VOID_TAGS = new Set(['br', 'hr']);
const MAX_DEPTH = 32;

/** Only web, mail and phone links and in-app hashes. */
function safeHref(href: string | null): string | null {
  if (!href) return null;
  const value = href.trim();
  if (value.startsWith('#')) return value;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

function convert(node: Node, key: string, depth: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE || depth > MAX_DEPTH) return null;
  const element = node as Element;
  // The page title is the h1: a heading inside the content ranks below it.
  const tag = element.tagName.toLowerCase() === 'h1' ? 'h2' : element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = [...element.childNodes].map((child, i) => convert(child, `${key}.${i}`, depth + 1));
  if (!ALLOWED_TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  if (tag !== 'a') return createElement(tag, { key }, ...children);
  const href = safeHref(element.getAttribute('href'));
  const external = href !== null && !href.startsWith('#');
  return createElement('a', { key, href: href ?? undefined, ...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }, ...children);
}

/** Renders stored page HTML through the allow-list above. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return [...body.childNodes].map((child, i) => convert(child, String(i), 0));
  }, [html]);
  return <div className={className}>{content}</div>;
}

/** The text of the first paragraph (for the meta description), without any markup. */
export function firstParagraphText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const paragraph = body.querySelector('p') ?? body;
  return (paragraph.textContent ?? '').replace(/\s+/g, ' ').trim();
}
