import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TransactionView } from '@/components/performance/transaction-view';

type Props = { params: Promise<{ projectId: string; name: string }> };

// A page's dynamic segment arrives still URL-encoded (route handlers get it decoded): decode it once here.
function transactionName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { name } = await params;
  return { title: `${transactionName(name)} · Performance` };
}

export default async function TransactionPage({ params }: Props) {
  const { projectId, name } = await params;
  return (
    <Suspense>
      <TransactionView projectId={projectId} name={transactionName(name)} />
    </Suspense>
  );
}
