import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Logo } from '@/components/logo';
import { LogoutButton } from './logout-button';
import { NavLinks } from './nav-links';
import { ProjectSwitcher } from './project-switcher';

export type ShellOrganization = { name: string; plan: 'FREE' | 'PRO' };
export type ShellUser = { name: string; email: string };

export function DashboardHeader({ user, organization }: { user: ShellUser; organization: ShellOrganization | null }) {
  return (
    <header className="border-b border-neutral-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link href="/" aria-label="Tracker home" className="rounded-md focus-visible:outline-2 focus-visible:outline-blue-600">
            <Logo />
          </Link>
          <span aria-hidden="true" className="text-neutral-300">
            /
          </span>
          {organization && (
            <span className="flex min-w-0 items-center gap-2">
              <span className="hidden max-w-40 truncate text-sm font-medium sm:inline" data-testid="org-name">
                {organization.name}
              </span>
              <Badge tone={organization.plan === 'PRO' ? 'blue' : 'neutral'} data-testid="plan-badge">
                {organization.plan}
              </Badge>
            </span>
          )}
          <ProjectSwitcher />
        </div>
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-neutral-600 sm:inline" title={user.email}>
            {user.name}
          </span>
          <LogoutButton />
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <NavLinks />
      </div>
    </header>
  );
}
