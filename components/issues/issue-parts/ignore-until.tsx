import type { IgnoreCondition } from '@/lib/zod/issues';
import type { IgnoreConditionShown } from '@/lib/swr/use-issues';
import { Select } from '@/components/ui/select';
import { formatDateTime } from '@/lib/text/date-format';

const IGNORE_CHOICES: [string, IgnoreCondition][] = [
  ['for 30 minutes', { minutes: 30 }],
  ['for 2 hours', { minutes: 120 }],
  ['for 24 hours', { minutes: 24 * 60 }],
  ['for a week', { minutes: 7 * 24 * 60 }],
  ['until 10 more events', { count: 10 }],
  ['until 100 more events in an hour', { count: 100, windowMinutes: 60 }],
  ['until 1,000 more events', { count: 1000 }],
  ['until 10 more users', { users: 10 }],
  ['until 100 more users', { users: 100 }],
];

/** Ignore with a condition: the issue comes back by itself when it is met. */
export function IgnoreUntil({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (ignore: IgnoreCondition, label: string) => void;
}) {
  return (
    <Select
      aria-label="Ignore until"
      className="w-40"
      value=""
      disabled={disabled}
      onChange={(e) => {
        const choice = IGNORE_CHOICES[Number(e.target.value)];
        if (choice) onPick(choice[1], choice[0]);
      }}
    >
      <option value="">Ignore until…</option>
      {IGNORE_CHOICES.map(([label], i) => (
        <option key={label} value={i}>
          {label}
        </option>
      ))}
    </Select>
  );
}

/** "until 100 more events within 60 minutes": when an ignored issue comes back by itself. */
export function describeIgnore(c: IgnoreConditionShown): string {
  if ('until' in c) return `until ${formatDateTime(c.until)}`;
  if ('count' in c)
    return `until ${c.count.toLocaleString('en-US')} more events${c.windowMinutes ? ` within ${c.windowMinutes} minutes` : ''}`;
  return `until ${c.users.toLocaleString('en-US')} more users have it`;
}
