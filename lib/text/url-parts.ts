/**
 * The parts of a URL a list shows (#60): its path and query, which tell one request from another, while the host is
 * mostly the page's own. A relative URL or one that does not parse is shown as it came.
 */
export function pathAndQuery(url: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** The host (with its port) of an absolute URL, or null for a relative one or one that does not parse. */
export function hostOf(url: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
