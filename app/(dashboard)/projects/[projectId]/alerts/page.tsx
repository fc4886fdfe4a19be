import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AlertsView } from '@/components/alerts/alerts-view';

export const metadata: Metadata = { title: 'Alerts' };

export default async function AlertsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <AlertsView projectId={projectId} />
    </Suspense>
  );
}
