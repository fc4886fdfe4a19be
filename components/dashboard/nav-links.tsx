'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { NavTabs } from '@/components/ui/tabs';
import { useCurrentProjectId } from './current-project';
import { isAt, SETTINGS_PAGES } from './settings-pages';

const PROJECT_LINKS = [
  { path: 'issues', label: 'Issues' },
  { path: 'releases', label: 'Releases' },
  { path: 'performance', label: 'Performance' },
  { path: 'insights', label: 'Insights' },
  { path: 'profiling', label: 'Profiling' },
  { path: 'logs', label: 'Logs' },
  { path: 'replays', label: 'Replays' },
  { path: 'alerts', label: 'Alerts' },
  { path: 'monitors', label: 'Monitors' },
  { path: 'feedback', label: 'Feedback' },
  { path: 'stats', label: 'Stats' },
  { path: 'settings', label: 'Settings' },
];

const ORGANIZATION_PAGES = SETTINGS_PAGES.filter((p) => p.group === 'organization');

/**
 * The project's sections (for the project in the URL, else the first project), then the organization's settings
 * (every organization page of the settings navigation lights it; your own settings are in the account menu).
 */
export function NavLinks() {
  const pathname = usePathname();
  const projectId = useCurrentProjectId();
  // The environment picked on one page carries to the others it filters.
  const environment = useSearchParams().get('environment');
  const keep = (path: string) =>
    environment && (path === 'issues' || path === 'performance' || path === 'insights')
      ? `?${new URLSearchParams({ environment })}`
      : '';
  const links = PROJECT_LINKS.map(({ path, label }) => {
    // Without a project yet, every project section leads to onboarding.
    const href = projectId ? `/projects/${encodeURIComponent(projectId)}/${path}` : '/';
    return { href: `${href}${projectId ? keep(path) : ''}`, label, active: href !== '/' && isAt(pathname, href) };
  });
  links.push({ href: '/explore', label: 'Explore', active: isAt(pathname, '/explore') });
  links.push({ href: '/dashboards', label: 'Dashboards', active: isAt(pathname, '/dashboards') });
  links.push({
    href: '/settings/organization',
    label: 'Organization',
    active: ORGANIZATION_PAGES.some((p) => isAt(pathname, p.href)),
  });
  return <NavTabs label="Main" links={links} />;
}
