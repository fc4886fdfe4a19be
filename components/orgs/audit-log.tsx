'use client';

import { useRole } from '@/lib/swr/use-me';
import { useAuditLog } from '@/lib/swr/use-audit-log';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { titleCase } from '@/components/issues/badges';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/table';
import { PageHeader } from '@/components/ui/page-header';
import { AuditFilterForm, useAuditFilters } from './audit/audit-filters';
import { ENTRY_COLUMNS } from './audit/audit-entries';

/** The organization's audit log for OWNERs and ADMINs: who did what, when, from where; filtered, paged by "Load more". */
export function AuditLogView() {
  const { role, can } = useRole();
  const allowed = can('ADMIN');
  const { filters, filtered, form } = useAuditFilters();
  const log = useAuditLog(filters, allowed);

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
      <AuditFilterForm {...form} />

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
