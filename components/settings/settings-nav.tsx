'use client';

import { usePathname } from 'next/navigation';
import { useRole } from '@/lib/swr/use-me';
import { NavTabs } from '@/components/ui/tabs';
import { currentSettingsPage, SETTINGS_PAGES } from '@/components/dashboard/settings-pages';

const SECTIONS = { account: 'Your account', organization: 'Organization' } as const;

/**
 * The one settings navigation (#60): your account, security and notifications, then the organization's pages. A
 * list down the side on a wide screen, one row that scrolls sideways on a phone. The audit log is left out below
 * ADMIN, as in the organization menu (its page says why to whoever opens it).
 */
export function SettingsNav() {
  const pathname = usePathname();
  const { can } = useRole();
  const current = currentSettingsPage(pathname);
  const pages = SETTINGS_PAGES.filter((p) => !p.min || can(p.min) || p.href === current);
  return (
    <NavTabs
      label="Settings"
      side
      links={pages.map((p, i) => ({
        href: p.href,
        label: p.label,
        active: p.href === current,
        section: pages[i - 1]?.group !== p.group ? SECTIONS[p.group] : undefined,
      }))}
    />
  );
}
