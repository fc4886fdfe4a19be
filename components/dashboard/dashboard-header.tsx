import Link from 'next/link';
import { Logo } from '@/components/logo';
import { HeaderUsage } from '@/components/billing/header-usage';
import { planLimitsEnforced } from '@/lib/billing/plans';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LogoutButton } from './logout-button';
import { NavLinks } from './nav-links';
import { Suspense } from 'react';
import { OrgSwitcher } from './org-switcher';
import { ProjectSwitcher } from './project-switcher';

export type ShellOrganization = { name: string; plan: 'FREE' | 'PRO' };
export type ShellUser = { name: string; email: string };

/**
 * Wide: logo / organization / project … usage · user · theme · log out, then the nav.
 * Below `sm` (375 px phones) the usage meter takes its own row and the nav wraps onto two rows,
 * so nothing overlaps or pushes the page wider than the screen.
 */
export function DashboardHeader({ user, organization }: { user: ShellUser; organization: ShellOrganization | null }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 pt-3 sm:px-6">
        <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
          <Link
            href="/"
            aria-label="Tracker home"
            className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-focus"
          >
            <Logo compact />
          </Link>
          {organization && <OrgSwitcher fallbackName={organization.name} />}
          <ProjectSwitcher />
        </div>
        {organization && (
          <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:max-w-72">
            {/* The server's setting as the first paint; the usage answer (`unlimited`) keeps it current. */}
            <HeaderUsage plan={organization.plan} limitsApply={planLimitsEnforced()} />
          </div>
        )}
        <div className="flex shrink-0 items-center gap-2">
          {/* The person's own settings (sessions, password): their name on wide screens, "Account" on phones. */}
          <Link
            href="/settings/account"
            title={`${user.email}: account settings`}
            className="max-w-40 truncate rounded-sm text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus"
          >
            <span className="hidden lg:inline">{user.name}</span>
            <span className="lg:hidden">Account</span>
          </Link>
          <ThemeToggle />
          <LogoutButton />
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {/* useSearchParams (the environment) needs a boundary; the fallback is the plain nav. */}
        <Suspense fallback={null}>
          <NavLinks />
        </Suspense>
      </div>
    </header>
  );
}
