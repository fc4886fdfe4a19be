'use client';

import { usePathname, useSearchParams } from 'next/navigation';

/**
 * A list's page number kept in the URL as `?<name>=` (absent on page 1), so a page can be linked to and Back returns
 * to it; `hrefFor(page)` keeps every other search param, for the Pagination links.
 */
export function usePageParam(name: string) {
  const pathname = usePathname();
  const params = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get(name))) || 1);
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(params.toString());
    if (p > 1) q.set(name, String(p));
    else q.delete(name);
    const s = q.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  return { page, hrefFor };
}
