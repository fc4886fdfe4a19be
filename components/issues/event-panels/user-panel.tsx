import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

/** Who hit the error, as far as the SDK said. */
export function UserPanel({ user }: { user: EventParts['user'] }) {
  const rows = presentRows([
    ['ID', user?.id],
    ['Email', user?.email],
    ['Username', user?.username],
    ['IP address', user?.ip_address],
  ]);
  if (rows.length === 0) return null;
  return (
    <SectionCard title="User">
      <KeyValueList rows={rows} />
    </SectionCard>
  );
}
