'use client';

import Link from 'next/link';
import useSWR, { mutate } from 'swr';
import { api, fetcher } from '@/lib/swr/fetcher';
import { ToggleCard } from '@/components/ui/toggle-card';

type OrgTwoFactor = { requireTwoFactor: boolean; enrolled: boolean; membersWithout: number };
const PATH = '/api/v1/organization/two-factor';

/** OWNER only: require every member to sign in with a second factor (#48). */
export function OrgTwoFactor() {
  const { data } = useSWR<OrgTwoFactor>(PATH, fetcher);
  if (!data) return null;
  return (
    <ToggleCard
      title="Two-factor sign-in"
      name="requireTwoFactor"
      label="Require two-factor sign-in for every member"
      hint={
        <>
          Members without an authenticator app or a security key are sent to set one up before they see this
          organization, and API tokens they created are refused until they do.{' '}
          {data.membersWithout === 0
            ? 'Every member has a second factor.'
            : `${data.membersWithout} ${data.membersWithout === 1 ? 'member has' : 'members have'} none yet.`}{' '}
          {!data.enrolled && (
            <>
              <Link href="/settings/security" className="text-link underline underline-offset-4">
                Set up yours
              </Link>{' '}
              first.
            </>
          )}
        </>
      }
      checked={data.requireTwoFactor}
      onToggle={async (requireTwoFactor) => {
        await api(PATH, { method: 'PATCH', body: { requireTwoFactor } });
        await mutate(PATH);
      }}
    />
  );
}
