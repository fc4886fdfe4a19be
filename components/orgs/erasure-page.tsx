'use client';

import { useState } from 'react';
import { useRole } from '@/lib/swr/use-me';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/states';
import { ErasureForm } from './erasure/erasure-form';
import { ErasureHistory } from './erasure/erasure-history';
import { ErasureProgress } from './erasure/erasure-progress';

/** Erase one end user (#48): find what references them, confirm, watch the job, read the report. ADMIN and up. */
export function ErasurePage() {
  const { role, can } = useRole();
  const admin = can('ADMIN');
  const [runningId, setRunningId] = useState<string | null>(null);
  if (!role) return <LoadingState label="Loading" />;
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ href: '/settings/organization', label: 'Organization' }}
        title={<>Erase a person&apos;s data</>}
        description={
          <>
            For a data-subject request: find everything one of your users left behind in this organization&apos;s
            projects (errors, attachments, feedback, logs, spans, replays and sessions) by their user ID, email,
            username or IP address, then delete it. Issue counts, user counts and release health are corrected to match.
            This cannot be undone.
          </>
        }
      />
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
