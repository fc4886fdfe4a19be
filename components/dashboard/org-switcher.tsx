'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { useMe, useRole } from '@/lib/swr/use-me';
import { switchOrganization } from '@/lib/swr/use-team';
import { cn } from '@/components/ui/cn';
import { titleCase } from '@/components/issues/badges';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';

/** The active organization; a disclosure lists the others the user belongs to, with their role in each. */
export function OrgSwitcher({ fallbackName }: { fallbackName: string }) {
  const { me } = useMe();
  const { can } = useRole();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const activeId = me?.organization?.id;
  const name = me?.organization?.name ?? fallbackName;

  async function choose(orgId: string) {
    setError(undefined);
    try {
      await switchOrganization(orgId);
      // Everything on screen belongs to the old organization: start over from the dashboard.
      enterDashboard();
    } catch {
      setError('Could not switch organization');
    }
  }

  return (
    <div ref={root} className="relative flex min-w-0 items-center gap-2 sm:gap-3">
      <span aria-hidden="true" className="text-fg-faint">
        /
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-28 min-w-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus sm:max-w-48"
        data-testid="org-switcher"
      >
        <span className="sr-only">Organization: </span>
        <span className="truncate" data-testid="org-name">
          {name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-fg-muted" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-full left-4 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-surface p-1 shadow-lg"
        >
          <ul aria-label="Organizations">
            {(me?.organizations ?? []).map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  aria-current={o.id === activeId ? 'true' : undefined}
                  onClick={() => (o.id === activeId ? setOpen(false) : choose(o.id))}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus',
                    o.id === activeId && 'font-semibold',
                  )}
                >
                  <span className="truncate">{o.name}</span>
                  <span className="shrink-0 text-xs text-fg-muted">{titleCase(o.role)}</span>
                </button>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="px-3 py-2 text-sm text-danger-fg">
              {error}
            </p>
          )}
          <div className="mt-1 border-t border-line pt-1">
            <Link
              href="/settings/organization"
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-sm text-link hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
            >
              Members and invites
            </Link>
            {can('ADMIN') && (
              <Link
                href="/settings/audit-log"
                onClick={() => setOpen(false)}
                className="block rounded-md px-3 py-2 text-sm text-link hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus"
              >
                Audit log
              </Link>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
