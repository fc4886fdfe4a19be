'use client';

import { useState } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { updateOrgPrivacy, useOrgPrivacy } from '@/lib/swr/use-privacy';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';

/** OWNER only: require the default scrubbers in every project of the organization. */
export function OrgPrivacy() {
  const { privacy } = useOrgPrivacy();
  if (!privacy) return null;
  return <RequireScrubbing initial={privacy.requireScrubbing} />;
}

function RequireScrubbing({ initial }: { initial: boolean }) {
  // Shown as clicked at once; put back if the server refuses.
  const [checked, setChecked] = useState(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');

  async function toggle(requireScrubbing: boolean) {
    setChecked(requireScrubbing);
    setPending(true);
    setError(undefined);
    try {
      await updateOrgPrivacy(requireScrubbing);
      setStatus(
        requireScrubbing
          ? 'Every project now scrubs events with the default rules.'
          : 'Projects may now turn their default scrubbers off.',
      );
    } catch (err) {
      setChecked(!requireScrubbing);
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Privacy</h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id="requireScrubbing"
          type="checkbox"
          className="mt-1 size-4 accent-fg"
          checked={checked}
          disabled={pending}
          onChange={(e) => toggle(e.target.checked)}
          aria-describedby="requireScrubbing-hint"
        />
        <div>
          <Label htmlFor="requireScrubbing">Require data scrubbing in every project</Label>
          <p id="requireScrubbing-hint" className="text-xs text-fg-muted">
            Passwords, tokens, cookies, card numbers and other secrets are removed from every project&apos;s events
            before they are stored, and no project can turn the default scrubbers off. Applies to events received from
            now on.
          </p>
        </div>
      </div>
      <FormError message={error} className="mt-2" />
      <p role="status" aria-live="polite" className="mt-2 text-sm text-success-fg">
        {status}
      </p>
    </Card>
  );
}
