import type { Role } from '@/lib/orgs/roles';

export type SettingsPage = {
  href: string;
  label: string;
  /** Your own settings, or the organization's. */
  group: 'account' | 'organization';
  /** The role the page needs to be of use (it is left out of the menus below it; the page says why). */
  min?: Role;
};

/**
 * Every settings page, in the order the settings navigation, the account menu and the organization menu list them
 * (#60). A page under one of these (an erasure under Organization) is found through its parent.
 */
export const SETTINGS_PAGES: SettingsPage[] = [
  { href: '/settings/account', label: 'Account', group: 'account' },
  { href: '/settings/security', label: 'Security', group: 'account' },
  { href: '/settings/notifications', label: 'Notifications', group: 'account' },
  { href: '/settings/organization', label: 'Organization', group: 'organization' },
  { href: '/settings/members', label: 'Members', group: 'organization' },
  { href: '/settings/teams', label: 'Teams', group: 'organization' },
  { href: '/settings/projects', label: 'Projects', group: 'organization' },
  { href: '/settings/organization/integrations', label: 'Integrations', group: 'organization' },
  { href: '/settings/audit-log', label: 'Audit log', group: 'organization', min: 'ADMIN' },
  { href: '/settings/billing', label: 'Billing', group: 'organization' },
  { href: '/settings/stats', label: 'Stats', group: 'organization' },
];

/** Whether `pathname` is the page at `href` or one below it. */
export const isAt = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** The settings page `pathname` is on: the deepest one it is at (Integrations, not Organization, above it). */
export const currentSettingsPage = (pathname: string): string | undefined =>
  SETTINGS_PAGES.filter((p) => isAt(pathname, p.href)).sort((a, b) => b.href.length - a.href.length)[0]?.href;
