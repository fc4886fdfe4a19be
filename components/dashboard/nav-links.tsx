'use client';

import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { cn } from '@/components/ui/cn';
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
    // Wraps onto a second row on phones rather than scrolling: every tab stays in sight (Billing was off-screen at 375 px).
    <nav aria-label="Main" className="-mb-px flex flex-wrap gap-x-1">
      {links.map(({ href, label }) => {
        const path = href.split('?')[0];
        const active = path !== '/' && (pathname === path || pathname.startsWith(`${path}/`));
        return (
          <Link
            key={label}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
              'focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus',
              active ? 'border-fg text-fg' : 'border-transparent text-fg-muted hover:text-fg',
            )}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
