import Link from 'next/link';
import { Suspense } from 'react';
import { Logo } from '@/components/logo';
import { HeaderUsage } from '@/components/billing/header-usage';
import { planLimitsEnforced } from '@/lib/billing/plans';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LogoutButton } from './logout-button';
import { NavLinks } from './nav-links';
import { OrgSwitcher } from './org-switcher';
import { ProjectSwitcher } from './project-switcher';
import { UserMenu, type ShellUser } from './user-menu';

export type ShellOrganization = { name: string; plan: 'FREE' | 'PRO' };
export type { ShellUser };

/**
 * Wide: logo / organization / project … usage · account menu · theme · log out, then the nav in one row.
 * On a phone (#60): the project's name over the organization's, each with the row's whole width (side by side
 * they shrank to "M." or nothing), the account menu (which holds the theme and Log out there), the usage meter on
 * its own line, and the nav in one row that scrolls sideways.
 */
export function DashboardHeader({ user, organization }: { user: ShellUser; organization: ShellOrganization | null }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 pt-2 sm:px-6 sm:pt-3">
        <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3" data-testid="header-names">
          <Link
            href="/"
            aria-label="Tracker home"
            className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-focus"
          >
            <Logo compact />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col-reverse sm:flex-row sm:items-center sm:gap-3">
            {organization && <OrgSwitcher fallbackName={organization.name} />}
            <ProjectSwitcher />
          </div>
        </div>
        {organization && (
          <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:max-w-72">
            {/* The server's setting as the first paint; the usage answer (`unlimited`) keeps it current. */}
            <HeaderUsage plan={organization.plan} limitsApply={planLimitsEnforced()} />
          </div>
        )}
        <div className="flex shrink-0 items-center gap-2">
          <UserMenu user={user} />
          <ThemeToggle className="max-sm:hidden" />
          <div className="max-sm:hidden">
            <LogoutButton />
          </div>
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
