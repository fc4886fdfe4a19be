import type { Metadata } from 'next';
import { AuditLogView } from '@/components/orgs/audit-log';

export const metadata: Metadata = { title: 'Audit log' };

export default function AuditLogPage() {
  return <AuditLogView />;
}
