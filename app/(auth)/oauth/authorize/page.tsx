import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { currentSession } from '@/lib/auth/current-session';
import { withNext, withQuery } from '@/lib/auth/safe-next';
import { formNotice } from '@/lib/auth/form-errors';
import { checkAuthorization } from '@/lib/oauth/authorize';
import { listUserOrganizations } from '@/lib/orgs/list-user-organizations';
import { AuthCard } from '@/components/auth/auth-card';
import { ConsentForm } from '@/components/oauth/consent-form';

export const metadata: Metadata = { title: 'Connect an application' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// The OAuth authorization endpoint (#63, docs/mcp.md): the person signs in first, then sees who asks for what and
// picks the organization and read or write; a request that names a wrong client or redirect URI is only shown here.
export default async function AuthorizePage({ searchParams }: Props) {
  const sp = await searchParams;
  const { refused, field, ...rest } = sp;
  const raw = Object.fromEntries(
    Object.entries(rest).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : Array.isArray(v) ? [[k, v[0]]] : [])),
  ) as Record<string, string>;
  const session = await currentSession();
  if (!session) redirect(withNext('/login', withQuery('/oauth/authorize', raw)));
  const check = await checkAuthorization(raw);
  if (!check.ok) {
    if (check.redirect) redirect(check.redirect);
    return (
      <AuthCard title="This request cannot be used" description={check.message}>
        <p className="text-sm">Start again from the application that sent you here.</p>
      </AuthCard>
    );
  }
  const orgs = await listUserOrganizations(session.user.id);
  const notice = formNotice('oauth-consent', { refused, field })?.message;
  return (
    <AuthCard
      title={`Connect ${check.request.clientName}`}
      description={`${check.request.clientName} asks to use Tracker's MCP server as ${session.user.email}.`}
    >
      <ConsentForm request={check.request} raw={raw} orgs={orgs} notice={notice} />
    </AuthCard>
  );
}
