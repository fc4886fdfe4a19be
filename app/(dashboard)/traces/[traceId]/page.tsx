import type { Metadata } from 'next';
import { TraceView } from '@/components/traces/trace-view';
import { PreloadApi } from '@/components/dashboard/preload-api';

export const metadata: Metadata = { title: 'Trace' };

export default async function TracePage({ params }: { params: Promise<{ traceId: string }> }) {
  const { traceId } = await params;
  return (
    <>
      {/* useTrace's key (lib/swr/use-traces.ts). */}
      <PreloadApi paths={[`/api/v1/organization/traces/${encodeURIComponent(traceId)}`]} />
      <TraceView traceId={traceId} />
    </>
  );
}
