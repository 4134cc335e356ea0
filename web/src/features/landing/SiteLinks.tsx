import type { SiteLink } from '@taktwerk/common';

/** Header or footer links from the content tables; external ones open in a new tab. */
export function SiteLinks({ links, label, className }: { links: SiteLink[]; label: string; className: string }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className={className}>
      {links.map((link) => (
        <a key={link.id} href={link.url} {...(link.isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}
