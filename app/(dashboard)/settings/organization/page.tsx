import type { Metadata } from 'next';
import { OrgSettings } from '@/components/orgs/org-settings';

export const metadata: Metadata = { title: 'Team' };

export default function OrganizationSettingsPage() {
  return <OrgSettings />;
}
