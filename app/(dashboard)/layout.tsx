import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/current-session';
import { getOrganizationSummary } from '@/lib/orgs/get-organization';
import { withNext } from '@/lib/auth/safe-next';
import { PATH_HEADER } from '@/lib/auth/request-path';
import { DashboardHeader } from '@/components/dashboard/dashboard-header';
import { ToastProvider } from '@/components/ui/toast';

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The proxy only checks that a cookie is present; an expired or logged-out one ends here.
  const session = await currentSession();
  if (!session) redirect(withNext('/login', (await headers()).get(PATH_HEADER)));
  const organization = session.orgId ? await getOrganizationSummary(session.orgId) : null;

  return (
    <ToastProvider>
      <div className="min-h-screen">
        <DashboardHeader user={{ name: session.user.name, email: session.user.email }} organization={organization} />
        <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
      </div>
    </ToastProvider>
  );
}
