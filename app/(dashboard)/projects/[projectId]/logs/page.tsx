import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LogsView } from '@/components/logs/logs-view';

export const metadata: Metadata = { title: 'Logs' };

export default async function LogsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <LogsView projectId={projectId} />
    </Suspense>
  );
}
