'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { useRole } from '@/lib/swr/use-me';
import {
  previewErasure,
  startErasure,
  useErasure,
  useErasures,
  type ErasurePreview,
  type ErasureView,
} from '@/lib/swr/use-erasures';
import type { ErasureKind } from '@/lib/privacy/erasure-match';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { FormError } from '@/components/ui/form-error';
import { DataTable, type Column } from '@/components/ui/table';
import { ErrorState, LoadingState } from '@/components/ui/states';

const KINDS: { kind: ErasureKind; label: string; placeholder: string }[] = [
  { kind: 'email', label: 'Email', placeholder: 'ann@example.com' },
  { kind: 'user_id', label: 'User ID', placeholder: 'the id your app sets with setUser' },
  { kind: 'username', label: 'Username', placeholder: 'ann' },
  { kind: 'ip', label: 'IP address', placeholder: '203.0.113.7' },
];
const kindLabel = (k: string) => KINDS.find((x) => x.kind === k)?.label ?? k;

const TABLES = [
  ['events', 'Events'],
  ['attachments', 'Attachments'],
  ['feedback', 'Feedback'],
  ['logs', 'Logs'],
  ['spans', 'Spans'],
  ['replays', 'Replays'],
  ['sessions', 'Sessions'],
  ['releaseUsers', 'Release users'],
] as const;
type Counts = Record<(typeof TABLES)[number][0], number>;
const total = (c: Counts) => TABLES.reduce((n, [k]) => n + c[k], 0);

const message = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

/** Erase one end user (#48): find what references them, confirm, watch the job, read the report. ADMIN and up. */
export function ErasurePage() {
  const { role, can } = useRole();
  const admin = can('ADMIN');
  const [runningId, setRunningId] = useState<string | null>(null);
  if (!role) return <LoadingState label="Loading" />;
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href="/settings/organization" className="text-fg-secondary hover:text-fg">
            ← Team
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Erase a person&apos;s data</h1>
        <p className="mt-1 max-w-3xl text-sm text-fg-secondary">
          For a data-subject request: find everything one of your users left behind in this organization&apos;s projects
          (errors, attachments, feedback, logs, spans, replays and sessions) by their user ID, email, username or IP
          address, then delete it. Issue counts, user counts and release health are corrected to match. This cannot be
          undone.
        </p>
      </div>
      {admin ? (
        <>
          <ErasureForm onStarted={setRunningId} />
          {runningId && <ErasureProgress id={runningId} />}
          <ErasureHistory />
        </>
      ) : (
        <Card>
          <p className="text-sm text-fg-secondary">Only admins and owners can erase a person&apos;s data.</p>
        </Card>
      )}
    </div>
  );
}

function ErasureForm({ onStarted }: { onStarted: (id: string) => void }) {
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
      setError(message(err));
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
      setError(message(err));
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
              <div className="flex items-start gap-3">
                <input
                  id="erasure-confirm"
                  type="checkbox"
                  className="mt-1 size-4 accent-fg"
                  checked={confirmed}
                  onChange={(e) => setConfirmed(e.target.checked)}
                />
                <label htmlFor="erasure-confirm" className="text-sm">
                  I understand that these rows are deleted for good and cannot be restored.
                </label>
              </div>
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

function CountsTable({
  label,
  rows,
  totals,
}: {
  label: string;
  rows: { projectId: string; name: string; counts: Counts }[];
  totals: Counts;
}) {
  return (
    <DataTable
      label={label}
      cellPadding="px-4 py-2"
      rows={rows}
      rowKey={(p) => p.projectId}
      rowProps={() => ({ 'data-testid': 'erasure-project-row' })}
      columns={[
        { name: 'Project', cellClassName: 'font-medium whitespace-nowrap', cell: (p) => p.name },
        ...TABLES.map(([k, name]): Column<(typeof rows)[number]> => ({
          name,
          numeric: true,
          cell: (p) => p.counts[k].toLocaleString(),
        })),
      ]}
      foot={
        <tr data-testid="erasure-total-row">
          <td className="px-4 py-2 font-semibold">Total</td>
          {TABLES.map(([k]) => (
            <td key={k} className="px-4 py-2 text-right font-semibold tabular-nums">
              {totals[k].toLocaleString()}
            </td>
          ))}
        </tr>
      }
    />
  );
}

function ErasureProgress({ id }: { id: string }) {
  const { erasure, error } = useErasure(id);
  if (error) return <ErrorState error={error} title="Could not load the erasure" />;
  if (!erasure) return <LoadingState label="Starting the erasure" />;
  const finished = erasure.status === 'done' || erasure.status === 'failed';
  return (
    <Card>
      <h2 className="text-base font-semibold">
        {erasure.status === 'done' ? 'Erasure complete' : erasure.status === 'failed' ? 'Erasure stopped' : 'Erasing…'}
      </h2>
      <p role="status" aria-live="polite" className="mt-1 text-sm text-fg-secondary" data-testid="erasure-status">
        {statusText(erasure)}
      </p>
      {!finished && (
        <ul className="mt-4 space-y-2" aria-label="Progress">
          {TABLES.map(([k, name]) => {
            const p = erasure.progress[k] ?? { done: 0, total: 0 };
            const pct = p.total ? Math.round((p.done / p.total) * 100) : 100;
            return (
              <li key={k} className="grid grid-cols-[8rem_1fr_6rem] items-center gap-3 text-sm">
                <span>{name}</span>
                <span
                  className="h-2 overflow-hidden rounded-full bg-surface-hover"
                  role="progressbar"
                  aria-label={name}
                  aria-valuenow={pct}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span className="block h-full bg-fg" style={{ width: `${pct}%` }} />
                </span>
                <span className="text-right text-fg-muted tabular-nums">
                  {p.done.toLocaleString()} / {p.total.toLocaleString()}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {erasure.report && <Report report={erasure.report} />}
    </Card>
  );
}

function statusText(e: ErasureView): string {
  if (e.status === 'queued') return 'Waiting for the background job to start.';
  if (e.status === 'running') return 'Deleting in batches; you can leave this page, it carries on.';
  if (e.status === 'failed') return e.error ?? 'The erasure stopped on an error.';
  const removed = e.report ? total(e.report.totals) : 0;
  return `${removed.toLocaleString()} rows removed${e.finishedAt ? ` at ${new Date(e.finishedAt).toLocaleString()}` : ''}.`;
}

function Report({ report }: { report: NonNullable<ErasureView['report']> }) {
  return (
    <div className="mt-4 space-y-3" data-testid="erasure-report">
      <CountsTable label="What was removed" rows={report.projects} totals={report.totals} />
      <p className="text-sm text-fg-secondary">
        Issues deleted (no events left): <span className="font-medium text-fg">{report.issuesDeleted}</span>. Issues
        recounted: <span className="font-medium text-fg">{report.issuesUpdated}</span>. Titles with the person&apos;s
        name blanked out: <span className="font-medium text-fg">{report.issuesRenamed}</span>. The audit log records
        this erasure by a hash of the identifier, never the identifier itself.
      </p>
    </div>
  );
}

function ErasureHistory() {
  const { erasures, error } = useErasures(true);
  if (error) return <ErrorState error={error} title="Could not load past erasures" />;
  if (!erasures || erasures.length === 0) return null;
  return (
    <section className="rounded-xl border border-line bg-surface shadow-sm">
      <h2 className="border-b border-line px-4 py-3 text-base font-semibold sm:px-6">Past erasures</h2>
      <ul className="divide-y divide-line-subtle" aria-label="Past erasures">
        {erasures.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm sm:px-6">
            <span>
              {kindLabel(e.kind)} <span className="text-fg-muted">sha256:{e.valueHash.slice(0, 12)}</span>
            </span>
            <span className="text-fg-secondary">
              {e.status === 'done' && e.report ? `${total(e.report.totals).toLocaleString()} rows removed` : e.status} ·{' '}
              {new Date(e.createdAt).toLocaleString()}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
