import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

export type TeamListItem = { key: string; name: string; detail?: ReactNode; label: ReactNode; testId: string };

/**
 * One side of a team (its members, its projects): the list, a Remove button on each for admins, and a picker of
 * the ones not in it yet, which adds on pick.
 */
export function TeamList({
  title,
  teamName,
  items,
  addable,
  admin,
  busy,
  pickerId,
  addLabel,
  onChange,
}: {
  title: string;
  teamName: string;
  items: TeamListItem[];
  /** Who or what may join, with how the picker names each. */
  addable: { key: string; name: string; option: string }[];
  admin: boolean;
  busy: boolean;
  pickerId: string;
  /** "a member", "a project". */
  addLabel: string;
  /** `joins`: added (true) or removed (false). */
  onChange: (key: string, name: string, joins: boolean) => void;
}) {
  return (
    <section aria-label={`${title} of ${teamName}`} className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {items.length === 0 && <p className="text-sm text-fg-muted">No {title.toLowerCase()} yet.</p>}
      <ul className="divide-y divide-line-subtle">
        {items.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-2 py-1.5" data-testid={item.testId}>
            {item.label}
            {admin && (
              <Button
                variant="danger-ghost"
                className="h-8 shrink-0 px-2 text-xs"
                disabled={busy}
                aria-label={`Remove ${item.name} from ${teamName}`}
                onClick={() => onChange(item.key, item.name, false)}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {admin && addable.length > 0 && (
        <div>
          <Label htmlFor={pickerId} className="sr-only">
            Add {addLabel} to {teamName}
          </Label>
          <Select
            id={pickerId}
            value=""
            disabled={busy}
            className="w-full"
            onChange={(e) => {
              const picked = addable.find((o) => o.key === e.target.value);
              if (picked) onChange(picked.key, picked.name, true);
            }}
          >
            <option value="">Add {addLabel}…</option>
            {addable.map((o) => (
              <option key={o.key} value={o.key}>
                {o.option}
              </option>
            ))}
          </Select>
        </div>
      )}
    </section>
  );
}
