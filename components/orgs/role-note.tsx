import type { Role } from '@/lib/orgs/roles';

/** Says why controls are missing: the role the caller would need. */
export function RoleNote({ min, what }: { min: Role; what: string }) {
  return (
    <p
      className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg-secondary"
      data-testid="role-note"
    >
      Only {min === 'OWNER' ? 'owners' : 'admins and owners'} can {what}.
    </p>
  );
}
