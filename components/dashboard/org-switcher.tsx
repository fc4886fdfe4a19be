'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useMe, useRole } from '@/lib/swr/use-me';
import { switchOrganization } from '@/lib/swr/use-team';
import { Switcher, switcherItem, switcherLink } from '@/components/ui/switcher';
import { titleCase } from '@/components/issues/badges';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';
import { SETTINGS_PAGES } from './settings-pages';

/** The active organization; a disclosure lists the others the user belongs to, with their role in each. */
export function OrgSwitcher({ fallbackName }: { fallbackName: string }) {
  const { me } = useMe();
  const { can } = useRole();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const activeId = me?.organization?.id;

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
    <Switcher
      kind="Organization"
      name={me?.organization?.name ?? fallbackName}
      open={open}
      onOpenChange={setOpen}
      testId="org-switcher"
      nameTestId="org-name"
      // On a phone, the smaller line under the project's name (dashboard-header.tsx).
      className="max-w-full max-sm:text-xs max-sm:text-fg-muted sm:max-w-48 lg:max-w-72"
      footer={
        <nav aria-label="Organization settings" className="grid grid-cols-2">
          {SETTINGS_PAGES.filter((p) => p.group === 'organization' && (!p.min || can(p.min))).map((p) => (
            <Link key={p.href} href={p.href} onClick={() => setOpen(false)} className={`${switcherLink} text-link`}>
              {p.label}
            </Link>
          ))}
        </nav>
      }
    >
      <ul aria-label="Organizations">
        {(me?.organizations ?? []).map((o) => (
          <li key={o.id}>
            <button
              type="button"
              aria-current={o.id === activeId ? 'true' : undefined}
              onClick={() => (o.id === activeId ? setOpen(false) : choose(o.id))}
              className={switcherItem(o.id === activeId)}
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
    </Switcher>
  );
}
