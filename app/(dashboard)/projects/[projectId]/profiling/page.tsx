import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProfilingView } from '@/components/profiling/profiling-view';

export const metadata: Metadata = { title: 'Profiling' };

export default async function ProfilingPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return (
    <Suspense>
      <ProfilingView projectId={projectId} />
    </Suspense>
  );
}
