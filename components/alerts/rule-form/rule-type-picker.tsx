import { cn } from '@/components/ui/cn';
import { Fieldset } from '@/components/ui/fieldset';
import { FormError } from '@/components/ui/form-error';
import type { AlertType } from '@/lib/zod/alerts';
import type { RuleSectionProps } from './rule-values';

const TYPES: { value: AlertType; label: string; description: string }[] = [
  { value: 'NEW_ISSUE', label: 'New issue', description: 'Once for every issue seen for the first time.' },
  {
    value: 'ERROR_RATE',
    label: 'Error rate',
    description: 'When the number of errors in a time window reaches a threshold.',
  },
  {
    value: 'REGRESSION',
    label: 'Regression',
    description: 'Once each time a resolved issue comes back with a new event.',
  },
  {
    value: 'CRASH_FREE',
    label: 'Crash-free rate',
    description: 'When a release’s crash-free sessions or users fall below a percentage, and again when it recovers.',
  },
  {
    value: 'MONITOR',
    label: 'Monitor',
    description: 'Once when a cron or uptime monitor starts failing, and once when it recovers.',
  },
];

/** What the rule watches for, one radio card per type. */
export function RuleTypePicker({ values, set, fieldErrors }: Omit<RuleSectionProps, 'idPrefix'>) {
  return (
    <Fieldset legend="Type">
      <div className="mt-1.5 grid gap-2 sm:grid-cols-3">
        {TYPES.map((t) => (
          <label
            key={t.value}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm transition-colors has-focus-visible:outline-2 has-focus-visible:outline-focus',
              values.type === t.value ? 'border-fg bg-surface-muted' : 'border-line-strong hover:bg-surface-muted',
            )}
          >
            <input
              type="radio"
              name="type"
              value={t.value}
              checked={values.type === t.value}
              onChange={set('type')}
              className="mt-0.5 accent-fg"
            />
            <span>
              <span className="block font-medium">{t.label}</span>
              <span className="block text-fg-muted">{t.description}</span>
            </span>
          </label>
        ))}
      </div>
      <FormError message={fieldErrors.type} className="mt-1.5" />
    </Fieldset>
  );
}
