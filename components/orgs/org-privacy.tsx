'use client';

import { updateOrgPrivacy, useOrgPrivacy } from '@/lib/swr/use-privacy';
import { ToggleCard } from '@/components/ui/toggle-card';

/** OWNER only: require the default scrubbers in every project of the organization. */
export function OrgPrivacy() {
  const { privacy } = useOrgPrivacy();
  if (!privacy) return null;
  return (
    <ToggleCard
      title="Privacy"
      name="requireScrubbing"
      label="Require data scrubbing in every project"
      hint={
        <>
          Passwords, tokens, cookies, card numbers and other secrets are removed from every project&apos;s events before
          they are stored, and no project can turn the default scrubbers off. Applies to events received from now on.
        </>
      }
      checked={privacy.requireScrubbing}
      onToggle={async (requireScrubbing) => {
        await updateOrgPrivacy(requireScrubbing);
        return requireScrubbing
          ? 'Every project now scrubs events with the default rules.'
          : 'Projects may now turn their default scrubbers off.';
      }}
    />
  );
}
