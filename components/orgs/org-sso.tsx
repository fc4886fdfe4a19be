'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from '@/lib/swr/fetcher';
import { ToggleCard } from '@/components/ui/toggle-card';

type OrgSso = { available: boolean; providerName: string | null; requireSso: boolean; linked: boolean };
const PATH = '/api/v1/organization/sso';

/** OWNER only, when the server has an OpenID Connect provider: require members to sign in through it. */
export function OrgSso() {
  const { data } = useSWR<OrgSso>(PATH, fetcher);
  if (!data?.available) return null;
  return (
    <ToggleCard
      title="Single sign-on"
      name="requireSso"
      label={`Require members to sign in with ${data.providerName}`}
      hint={
        <>
          Members then sign in with {data.providerName} only (their account is linked by its verified email the first
          time); passwords, passcodes and other providers are refused.{' '}
          {data.linked
            ? 'Your account is linked.'
            : 'Your account is not linked yet: sign in with it once before turning this on.'}
        </>
      }
      checked={data.requireSso}
      onToggle={async (requireSso) => {
        await api(PATH, { method: 'PATCH', body: { requireSso } });
        await mutate(PATH);
      }}
    />
  );
}
