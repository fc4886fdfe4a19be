'use client';

import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { Card } from './card';
import { CheckField } from './check-field';
import { FormError } from './form-error';

/**
 * A settings card of one switch that saves on click: shown as clicked at once, put back when the server refuses
 * (its reason shown), and following the server's value when that changes. `onToggle` saves, and may return what to
 * announce once saved.
 */
export function ToggleCard({
  title,
  name,
  label,
  hint,
  checked,
  disabled,
  onToggle,
  children,
}: {
  title: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onToggle: (next: boolean) => Promise<string | void>;
  /** Below the switch: a load error, a note. */
  children?: ReactNode;
}) {
  const [value, setValue] = useState(checked);
  const [server, setServer] = useState(checked);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  if (checked !== server) {
    setServer(checked);
    setValue(checked);
  }

  async function toggle(next: boolean) {
    setValue(next);
    setPending(true);
    setError(undefined);
    setStatus('');
    try {
      setStatus((await onToggle(next)) ?? '');
    } catch (err) {
      setValue(!next);
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">{title}</h2>
      <CheckField
        className="mt-3"
        name={name}
        label={label}
        hint={hint}
        checked={value}
        disabled={pending || disabled}
        onChange={(e) => void toggle(e.target.checked)}
      />
      {children}
      <FormError message={error} className="mt-2" />
      <p role="status" aria-live="polite" className="mt-2 text-sm text-success-fg">
        {status}
      </p>
    </Card>
  );
}
