'use client';

import { useState } from 'react';
import useSWR, { mutate } from 'swr';
import { api, ApiError, fetcher } from '@/lib/swr/fetcher';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';

type OrgSso = { available: boolean; providerName: string | null; requireSso: boolean; linked: boolean };
const PATH = '/api/v1/organization/sso';

/** OWNER only, when the server has an OpenID Connect provider: require members to sign in through it. */
export function OrgSso() {
  const { data } = useSWR<OrgSso>(PATH, fetcher);
  if (!data?.available) return null;
  return <RequireSso data={data} />;
}

function RequireSso({ data }: { data: OrgSso }) {
  // Shown as clicked at once; put back if the server refuses.
  const [checked, setChecked] = useState(data.requireSso);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function toggle(requireSso: boolean) {
    setChecked(requireSso);
    setPending(true);
    setError(undefined);
    try {
      await api(PATH, { method: 'PATCH', body: { requireSso } });
      await mutate(PATH);
    } catch (err) {
      setChecked(!requireSso);
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
    } finally {
      setPending(false);
    }
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Single sign-on</h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id="requireSso"
          type="checkbox"
          className="mt-1 size-4 accent-fg"
          checked={checked}
          disabled={pending}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby="requireSso-hint"
        />
        <div>
          <Label htmlFor="requireSso">Require members to sign in with {data.providerName}</Label>
          <p id="requireSso-hint" className="text-xs text-fg-muted">
            Members then sign in with {data.providerName} only (their account is linked by its verified email the first
            time); passwords, passcodes and other providers are refused.{' '}
            {data.linked
              ? 'Your account is linked.'
              : 'Your account is not linked yet: sign in with it once before turning this on.'}
          </p>
        </div>
      </div>
      <FormError message={error} className="mt-2" />
    </Card>
  );
}
