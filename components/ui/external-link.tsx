import type { ReactNode } from 'react';

/**
 * A link to an address a user or an SDK sent (a page, a URL in a comment): opens in a new tab, passes no referrer
 * and no opener, and asks search engines not to follow it.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-link underline underline-offset-2"
    >
      {children}
    </a>
  );
}
