'use client';

import { useEffect, useState } from 'react';
import { AUDIT_ACTIONS } from '@/lib/audit/actions';
import { useRole } from '@/lib/swr/use-me';
import { useAuditLog, type AuditFilters, type AuditLogEntry } from '@/lib/swr/use-audit-log';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { DataTable, type Column } from '@/components/ui/table';
import { SelectField } from '@/components/ui/select-field';
import { PageHeader } from '@/components/ui/page-header';

/** Each area's group in the action filter, and the noun of its "All … actions" choice. */
const AREAS_SHOWN: Record<string, [string, string]> = {
  auth: ['Sign-in', 'sign-in'],
  two_factor: ['Two-factor', 'two-factor'],
  member: ['Members', 'member'],
  org: ['Organization', 'organization'],
  token: ['API tokens', 'API token'],
  project: ['Projects', 'project'],
  key: ['Client keys', 'client key'],
  issue: ['Issues', 'issue'],
  erasure: ['Erasure', 'erasure'],
};

const ACTION_LABELS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.second_factor_failed': 'Second factor failed',
  'auth.password_changed': 'Changed password',
  'auth.sessions_revoked': 'Signed out sessions',
  'two_factor.totp_added': 'Added an authenticator app',
  'two_factor.webauthn_added': 'Added a security key',
  'two_factor.recovery_codes_generated': 'Generated recovery codes',
  'two_factor.factor_removed': 'Removed a second factor',
  'two_factor.recovery_code_used': 'Used a recovery code',
  'member.invited': 'Invited a member',
  'member.invite_revoked': 'Revoked an invite',
  'member.joined': 'Joined',
  'member.role_changed': 'Changed a role',
  'member.removed': 'Removed a member',
  'member.left': 'Left',
  'org.sso_changed': 'Changed single sign-on',
  'org.scrubbing_required_changed': 'Changed required scrubbing',
  'org.two_factor_required_changed': 'Changed required two-factor',
  'org.billing_plan_changed': 'Plan changed',
  'token.created': 'Created an API token',
  'token.revoked': 'Revoked an API token',
  'project.created': 'Created a project',
  'project.deleted': 'Deleted a project',
  'project.transferred': 'Transferred a project',
  'key.created': 'Created a client key',
  'key.rotated': 'Rotated a client key',
  'key.updated': 'Changed a client key',
  'key.revoked': 'Deleted a client key',
  'project.scrubbing_changed': 'Changed scrubbing',
  'project.ownership_changed': 'Changed ownership rules',
  'project.codeowners_added': 'Uploaded a CODEOWNERS file',
  'project.codeowners_removed': 'Deleted a CODEOWNERS file',
  'issue.discarded': 'Deleted and discarded an issue',
  'issue.undiscarded': 'Stopped discarding an issue',
  'erasure.requested': 'Requested an erasure',
  'erasure.completed': 'Erasure completed',
};

const actionLabel = (a: string) => ACTION_LABELS[a] ?? a;
const AREAS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]))];
const EMPTY: AuditFilters = { action: '', actor: '', since: '', until: '' };

/** A day picked in the date inputs, as the ISO instant its local midnight is (`plusDays` later). */
function dayStart(day: string, plusDays = 0): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The organization's audit log for OWNERs and ADMINs: who did what, when, from where; filtered, paged by "Load more". */
export function AuditLogView() {
  const { role, can } = useRole();
  const allowed = can('ADMIN');
  const [action, setAction] = useState('');
  const [actorInput, setActorInput] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Typing in the actor box asks the server once the typing pauses.
  useEffect(() => {
    const t = setTimeout(() => setActor(actorInput.trim()), 300);
    return () => clearTimeout(t);
  }, [actorInput]);
  const filters: AuditFilters = { action, actor, since: dayStart(from), until: dayStart(to, 1) };
  const log = useAuditLog(filters, allowed);
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);

  const intro = (
    <PageHeader
      title="Audit log"
      description="Who changed members, keys, tokens, projects and security settings in this organization, when and from which address. Entries are kept for a period the server sets (a year by default)."
    />
  );
  if (!role) return <LoadingState label="Loading the audit log" />;
  if (!allowed)
    return (
      <div className="space-y-6">
        {intro}
        <Card data-testid="audit-log-forbidden">
          <h2 className="text-base font-semibold">Only owners and admins can see the audit log</h2>
          <p className="mt-1 text-sm text-fg-secondary">
            You are a {titleCase(role)} of this organization. Ask an owner or admin if you need to know who changed
            something.
          </p>
        </Card>
      </div>
    );

  return (
    <div className="space-y-6">
      {intro}
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[14rem_1fr_10rem_10rem_auto]"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Filter the audit log"
      >
        <SelectField
          name="audit-action"
          label="Action"
          className="w-full"
          value={action}
          onChange={(e) => setAction(e.target.value)}
        >
          <option value="">All actions</option>
          {AREAS.map((area) => (
            <optgroup key={area} label={AREAS_SHOWN[area]?.[0] ?? area}>
              <option value={area}>All {AREAS_SHOWN[area]?.[1] ?? area} actions</option>
              {AUDIT_ACTIONS.filter((a) => a.startsWith(`${area}.`)).map((a) => (
                <option key={a} value={a}>
                  {actionLabel(a)}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <Field
          name="audit-actor"
          label="Who"
          type="search"
          value={actorInput}
          onChange={(e) => setActorInput(e.target.value)}
          placeholder="Email or token name"
        />
        <Field name="audit-from" label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field name="audit-to" label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button
          variant="ghost"
          className="self-end"
          disabled={!filtered && actorInput === ''}
          onClick={() => {
            setAction('');
            setActorInput('');
            setActor('');
            setFrom('');
            setTo('');
          }}
        >
          Clear filters
        </Button>
      </form>

      {log.error ? (
        <ErrorState error={log.error} title="Could not load the audit log" />
      ) : log.isLoading || !log.entries ? (
        <LoadingState label="Loading the audit log" />
      ) : log.entries.length === 0 ? (
        <EmptyState
          title={filtered ? 'No entries match' : 'Nothing recorded yet'}
          description={
            filtered
              ? 'Try another action, person or date range.'
              : 'Changes to members, keys, tokens, projects and security settings appear here.'
          }
        />
      ) : (
        <>
          {/* On a phone each entry stacks its cells, so nothing hides off to the side. */}
          <DataTable
            label="Audit log entries"
            className="sm:min-w-[48rem]"
            headClassName="max-sm:sr-only"
            cellPadding="px-4 py-3 max-sm:py-1"
            rows={log.entries}
            rowKey={(e) => e.id}
            rowProps={(e) => ({
              'data-testid': 'audit-entry',
              'data-action': e.action,
              className: 'align-top max-sm:flex max-sm:flex-col max-sm:py-2',
            })}
            columns={ENTRY_COLUMNS}
          />
          {log.hasMore && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={log.loadingMore} onClick={() => void log.loadMore()}>
                Load more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const ENTRY_COLUMNS: Column<AuditLogEntry>[] = [
  {
    name: 'When',
    cellClassName: 'whitespace-nowrap text-fg-secondary tabular-nums',
    cell: (e) => (
      <time dateTime={e.createdAt} title={e.createdAt}>
        {when.format(new Date(e.createdAt))}
      </time>
    ),
  },
  {
    name: 'Who',
    cellClassName: 'sm:max-w-56',
    cellProps: () => ({ 'data-testid': 'audit-actor' }),
    cell: (e) => (
      <>
        <p className="font-medium wrap-anywhere">
          {e.actorType === 'system' ? 'System' : (e.actorLabel ?? `Deleted ${e.actorType}`)}
          {e.actorType === 'token' && <span className="ml-1 text-xs font-normal text-fg-muted">(API token)</span>}
        </p>
        {e.ipAddress && (
          <p className="font-mono text-xs text-fg-muted" data-testid="audit-address">
            {e.ipAddress}
          </p>
        )}
      </>
    ),
  },
  {
    name: 'Action',
    cell: (e) => (
      <>
        <p className="font-medium">{actionLabel(e.action)}</p>
        <p className="font-mono text-xs text-fg-muted">{e.action}</p>
      </>
    ),
  },
  {
    name: 'Target',
    cellClassName: 'sm:max-w-64',
    cellProps: () => ({ 'data-testid': 'audit-target' }),
    cell: (e) =>
      e.targetType && (
        <>
          <p className="wrap-anywhere">{e.targetLabel ?? e.targetId}</p>
          <p className="text-xs text-fg-muted">{titleCase(e.targetType)}</p>
        </>
      ),
  },
  {
    name: 'Changes',
    cellProps: () => ({ 'data-testid': 'audit-changes' }),
    cell: (e) => <Changes changes={e.changes} />,
  },
];

/** `requireSso` → "Require sso", `rateLimitPerMinute` → "Rate limit per minute". */
const fieldName = (k: string) => {
  const words = k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function show(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : 'none';
  if (typeof v === 'string') return /^[A-Z]+$/.test(v) ? titleCase(v) : v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;

function Changes({ changes }: { changes: unknown }) {
  if (!changes || typeof changes !== 'object') return <span className="text-fg-muted">—</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
      {Object.entries(changes as Record<string, unknown>).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-fg-muted">{fieldName(k)}</dt>
          <dd className="break-words">
            {isChange(v) ? (
              <>
                <span className="text-fg-secondary">{show(v.from)}</span> →{' '}
                <span className="font-medium">{show(v.to)}</span>
              </>
            ) : (
              show(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
