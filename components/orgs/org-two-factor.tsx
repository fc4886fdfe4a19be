'use client';

import { useState } from 'react';
import Link from 'next/link';
import useSWR, { mutate } from 'swr';
import { api, ApiError, fetcher } from '@/lib/swr/fetcher';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';

type OrgTwoFactor = { requireTwoFactor: boolean; enrolled: boolean; membersWithout: number };
const PATH = '/api/v1/organization/two-factor';

/** OWNER only: require every member to sign in with a second factor (#48). */
export function OrgTwoFactor() {
  const { data } = useSWR<OrgTwoFactor>(PATH, fetcher);
  if (!data) return null;
  return <RequireTwoFactor key={String(data.requireTwoFactor)} data={data} />;
}

function RequireTwoFactor({ data }: { data: OrgTwoFactor }) {
  const [checked, setChecked] = useState(data.requireTwoFactor);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  async function toggle(requireTwoFactor: boolean) {
    setChecked(requireTwoFactor);
    setPending(true);
    setError(undefined);
    try {
      await api(PATH, { method: 'PATCH', body: { requireTwoFactor } });
      await mutate(PATH);
    } catch (err) {
      setChecked(!requireTwoFactor);
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
    } finally {
      setPending(false);
    }
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Two-factor sign-in</h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id="requireTwoFactor"
          type="checkbox"
          className="mt-1 size-4 accent-fg"
          checked={checked}
          disabled={pending}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby="requireTwoFactor-hint"
        />
        <div>
          <Label htmlFor="requireTwoFactor">Require two-factor sign-in for every member</Label>
          <p id="requireTwoFactor-hint" className="text-xs text-fg-muted">
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
          </p>
        </div>
      </div>
      <FormError message={error} className="mt-2" />
    </Card>
  );
}
