'use client';

import { api } from '@/lib/swr/fetcher';
import { DeleteByName } from '@/components/ui/delete-by-name';
import { enterDashboard } from '@/components/dashboard/enter-dashboard';

/** OWNER only: typing the organization's name arms the button; everything in it is deleted. */
export function DeleteOrganization({ name }: { name: string }) {
  return (
    <DeleteByName
      title="Delete the organization"
      name={name}
      field="confirm-org"
      submitLabel="Delete organization"
      onDelete={async () => {
        await api('/api/v1/organization', { method: 'DELETE' });
        enterDashboard();
      }}
    >
      Deletes <strong>{name}</strong> with all its projects, issues, events, alert rules, keys, members and invites.
      This cannot be undone.
    </DeleteByName>
  );
}
