'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { NavTabs } from '@/components/ui/tabs';
import { useCurrentProjectId } from './current-project';

const PROJECT_LINKS = [
  { path: 'issues', label: 'Issues' },
  { path: 'releases', label: 'Releases' },
  { path: 'performance', label: 'Performance' },
  { path: 'profiling', label: 'Profiling' },
  { path: 'logs', label: 'Logs' },
  { path: 'replays', label: 'Replays' },
  { path: 'alerts', label: 'Alerts' },
  { path: 'monitors', label: 'Monitors' },
  { path: 'feedback', label: 'Feedback' },
  { path: 'stats', label: 'Stats' },
  { path: 'settings', label: 'Settings' },
];

/** The project's sections (for the project in the URL, else the first project), the organization's team and billing. */
export function NavLinks() {
  const pathname = usePathname();
  const projectId = useCurrentProjectId();
  // The environment picked on one page carries to the others it filters.
  const environment = useSearchParams().get('environment');
  const keep = (path: string) =>
    environment && (path === 'issues' || path === 'performance') ? `?${new URLSearchParams({ environment })}` : '';
  const links = [
    // Without a project yet, every project section leads to onboarding.
    ...PROJECT_LINKS.map(({ path, label }) => ({
      href: projectId ? `/projects/${encodeURIComponent(projectId)}/${path}${keep(path)}` : '/',
      label,
    })),
    { href: '/settings/organization', label: 'Team' },
    { href: '/settings/billing', label: 'Billing' },
  ];
  return (
    <NavTabs
      label="Main"
      links={links.map(({ href, label }) => {
        const path = href.split('?')[0];
        return { href, label, active: path !== '/' && (pathname === path || pathname.startsWith(`${path}/`)) };
      })}
    />
  );
}
