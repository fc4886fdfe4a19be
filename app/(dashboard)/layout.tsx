import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/current-session';
import { getOrganizationSummary } from '@/lib/orgs/get-organization';
import { withNext } from '@/lib/auth/safe-next';
import { PATH_HEADER } from '@/lib/auth/request-path';
import { enrolmentRequiredFor } from '@/lib/auth/two-factor/org-requirement';
import { SECURITY_PAGE } from '@/lib/auth/two-factor/notify';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { DashboardFooter } from '@/components/dashboard/dashboard-footer';
import { ToastProvider } from '@/components/ui/toast';
import { PreloadApi } from '@/components/dashboard/preload-api';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The proxy only checks that a cookie is present; an expired or logged-out one ends here.
  const session = await currentSession();
  const path = (await headers()).get(PATH_HEADER);
  if (!session) redirect(withNext('/login', path));
  // The organization requires two-factor sign-in and this person has no factor: enrol first (#48).
  // Both at once: the organization is read whether or not it sends this person to enrol (#65).
  const [enrolFor, organization] = session.orgId
    ? await Promise.all([enrolmentRequiredFor(session.user.id, session.orgId), getOrganizationSummary(session.orgId)])
    : [null, null];
  if (enrolFor && !(path ?? '').startsWith(SECURITY_PAGE)) redirect(`${SECURITY_PAGE}?required=1`);

  return (
    <ToastProvider>
      {/* The header's usage meter (useUsage, lib/swr/use-usage.ts). */}
      {organization && <PreloadApi paths={['/api/v1/usage']} />}
      <div className="min-h-screen">
        <DashboardHeader user={{ name: session.user.name, email: session.user.email }} organization={organization} />
        <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
        <DashboardFooter />
      </div>
    </ToastProvider>
  );
}
