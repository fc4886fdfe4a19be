'use client';

import { useMe } from '@/lib/swr/use-me';
import { formatDate } from '@/lib/text/date-format';
import { Badge } from '@/components/ui/badge';
import { KeyValueList } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';

/** Who you are here (name, email, since when) and the organizations you belong to, with your role in each. */
export function AccountProfile() {
  const { me, error, isLoading } = useMe();
  if (error) return <ErrorState error={error} title="Could not load your account" />;
  if (isLoading || !me) return <LoadingState label="Loading your account" />;
  return (
    <>
      <SectionCard title="Profile">
        <KeyValueList
          tone="text"
          rows={[
            ['Name', me.name],
            [
              'Email',
              <span key="e" className="flex flex-wrap items-center gap-2">
                <span className="break-all">{me.email}</span>
                {me.emailVerified && <Badge tone="green">Verified</Badge>}
              </span>,
            ],
            ['Member since', formatDate(me.createdAt)],
          ]}
        />
      </SectionCard>
      <SectionCard title="Organizations">
        <ul className="divide-y divide-line-subtle" aria-label="Your organizations">
          {me.organizations.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 font-medium break-words">
                {o.name}
                {o.id === me.organization?.id && (
                  <Badge tone="blue" className="ml-2">
                    Current
                  </Badge>
                )}
              </span>
              <span className="text-fg-muted">
                {titleCase(o.role)} · {o.plan}
              </span>
            </li>
          ))}
        </ul>
      </SectionCard>
    </>
  );
}
