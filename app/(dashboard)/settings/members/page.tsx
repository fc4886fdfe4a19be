import type { Metadata } from 'next';
import { MembersPage } from '@/components/orgs/members-page';

export const metadata: Metadata = { title: 'Members' };

export default function OrganizationMembersPage() {
  return <MembersPage />;
}
