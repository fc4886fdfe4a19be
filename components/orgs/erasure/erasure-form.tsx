'use client';

import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { previewErasure, startErasure, type ErasurePreview } from '@/lib/swr/use-erasures';
import type { ErasureKind } from '@/lib/privacy/erasure-match';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { CheckField } from '@/components/ui/check-field';
import { CountsTable, KINDS, kindLabel, total } from './erasure-counts';

/** Find what references one person, show it, and erase it once the admin confirms. */
export function ErasureForm({ onStarted }: { onStarted: (id: string) => void }) {
  const [kind, setKind] = useState<ErasureKind>('email');
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<{ target: { kind: ErasureKind; value: string }; data: ErasurePreview }>();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'erase'>();
  const [error, setError] = useState<string>();

  async function find(e: FormEvent) {
    e.preventDefault();
    setBusy('preview');
    setError(undefined);
    setPreview(undefined);
    setConfirmed(false);
    try {
      const target = { kind, value: value.trim() };
      setPreview({ target, data: await previewErasure(target) });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(undefined);
    }
  }

  async function erase() {
    if (!preview) return;
    setBusy('erase');
    setError(undefined);
    try {
      const started = await startErasure(preview.target);
      onStarted(started.id);
      setPreview(undefined);
      setValue('');
      setConfirmed(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(undefined);
    }
  }

  const placeholder = KINDS.find((k) => k.kind === kind)?.placeholder;
  const found = preview ? total(preview.data.totals) : 0;
  return (
    <Card>
      <h2 className="text-base font-semibold">Find a person</h2>
      <form onSubmit={find} className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <SelectField
          name="erasure-kind"
          label="Identifier"
          value={kind}
          onChange={(e) => setKind(e.target.value as ErasureKind)}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </SelectField>
        <Field
          name="erasure-value"
          label="Value"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          required
          maxLength={500}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" variant="secondary" loading={busy === 'preview'} disabled={!value.trim()}>
          Find data
        </Button>
      </form>
      <FormError message={error} className="mt-3" />

      {preview && (
        <section aria-label="What would be erased" className="mt-6 space-y-4">
          {found === 0 ? (
            <p className="text-sm text-fg-secondary" data-testid="erasure-nothing">
              Nothing in this organization references {kindLabel(preview.target.kind).toLowerCase()}{' '}
              <span className="font-medium break-all text-fg">{preview.target.value}</span>.
            </p>
          ) : (
            <>
              <p className="text-sm text-fg-secondary">
                <span className="font-semibold text-fg" data-testid="erasure-found">
                  {found.toLocaleString()} rows
                </span>{' '}
                in {preview.data.projects.length} project{preview.data.projects.length === 1 ? '' : 's'} reference this
                person.
              </p>
              <Identifiers data={preview.data} />
              <CountsTable label="What would be erased" rows={preview.data.projects} totals={preview.data.totals} />
              <CheckField
                name="erasure-confirm"
                label="I understand that these rows are deleted for good and cannot be restored."
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              <Button variant="danger" disabled={!confirmed} loading={busy === 'erase'} onClick={erase}>
                Erase {found.toLocaleString()} rows
              </Button>
            </>
          )}
        </section>
      )}
    </Card>
  );
}

function Identifiers({ data }: { data: ErasurePreview }) {
  const all = [
    ...data.identifiers.userIds.map((v) => ['User ID', v]),
    ...data.identifiers.emails.map((v) => ['Email', v]),
    ...data.identifiers.usernames.map((v) => ['Username', v]),
    ...data.identifiers.ips.map((v) => ['IP address', v]),
  ];
  return (
    <div>
      <h3 className="text-sm font-medium">Identifiers of this person</h3>
      <p className="text-xs text-fg-muted">Found together on their events, logs, spans and replays; all are matched.</p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Identifiers of this person">
        {all.map(([label, v]) => (
          <li key={`${label}:${v}`} className="max-w-full rounded-md bg-surface-hover px-2 py-1 text-xs break-all">
            <span className="text-fg-muted">{label}:</span> {v}
          </li>
        ))}
      </ul>
    </div>
  );
}
