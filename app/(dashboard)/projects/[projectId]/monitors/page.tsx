import type { Metadata } from 'next';
import { Suspense } from 'react';
import { MonitorsView } from '@/components/monitors/monitors-view';

export const metadata: Metadata = { title: 'Monitors' };

export default async function MonitorsPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <MonitorsView projectId={projectId} />
    </Suspense>
  );
}
