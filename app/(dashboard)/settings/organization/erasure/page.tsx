import type { Metadata } from 'next';
import { ErasurePage } from '@/components/orgs/erasure-page';

export const metadata: Metadata = { title: 'Erase a person' };

export default function OrganizationErasurePage() {
  return <ErasurePage />;
}
