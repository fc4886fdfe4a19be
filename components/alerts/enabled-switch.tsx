'use client';

import { cn } from '@/components/ui/cn';

/** Pause / resume a rule; the state is spelt out next to the switch, not shown by colour alone. */
export function EnabledSwitch({
  enabled,
  label,
  onChange,
  disabled,
}: {
  enabled: boolean;
  label: string;
  onChange: (next: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-label={label}
        disabled={disabled}
        onClick={() => onChange(!enabled)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:opacity-60',
          enabled ? 'bg-success-solid' : 'bg-fg-faint',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-[white] shadow transition-transform',
            enabled ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      <span aria-hidden="true" className={cn('text-sm font-medium', enabled ? 'text-success-fg' : 'text-fg-muted')}>
        {enabled ? 'Active' : 'Paused'}
      </span>
    </span>
  );
}
