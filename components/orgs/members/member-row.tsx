'use client';

import { useState } from 'react';
import type { Member } from '@/lib/swr/use-team';
import type { Role } from '@/lib/orgs/roles';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { titleCase } from '@/components/issues/badges';

type RowProps = {
  member: Member;
  isMe: boolean;
  canEdit: boolean;
  roleChoices: Role[];
  onRole: (r: Role) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
};

/** A member: name, email, role (a picker when the caller may change it) and Remove. */
export function MemberRow({ member, isMe, canEdit, roleChoices, onRole, onRemove }: RowProps) {
  const [busy, setBusy] = useState(false);
  // The page reports the outcome; the row only waits for it.
  const wrap = (fn: () => Promise<unknown>) => async () => {
    setBusy(true);
    await fn();
    setBusy(false);
  };
  const selectId = `role-${member.userId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6" data-testid="member-row">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {member.name}
          {isMe && <span className="ml-1 text-fg-muted">(you)</span>}
        </p>
        <p className="truncate text-xs text-fg-muted">{member.email}</p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Role of {member.name}
        </label>
        {canEdit ? (
          <Select
            id={selectId}
            value={member.role}
            disabled={busy}
            onChange={(e) => void wrap(() => onRole(e.target.value as Role))()}
            data-testid="member-role"
          >
            {(roleChoices.includes(member.role) ? roleChoices : [member.role, ...roleChoices]).map((r) => (
              <option key={r} value={r}>
                {titleCase(r)}
              </option>
            ))}
          </Select>
        ) : (
          <span
            className="rounded-md bg-surface-hover px-2 py-1 text-xs font-medium text-fg-secondary"
            data-testid="member-role"
          >
            {titleCase(member.role)}
          </span>
        )}
        {canEdit && !isMe && (
          <Button
            variant="danger-ghost"
            className="h-9 px-3"
            disabled={busy}
            aria-label={`Remove ${member.name}`}
            onClick={() => {
              if (window.confirm(`Remove ${member.name} from the organization?`)) void wrap(onRemove)();
            }}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
