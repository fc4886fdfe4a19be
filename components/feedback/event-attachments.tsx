'use client';

import { useAttachments } from '@/lib/swr/use-feedback';
import { Card } from '@/components/ui/card';
import { AttachmentList } from './attachment-list';

/** The files sent with an event (a log, a screenshot, a view hierarchy), when it has any. */
export function EventAttachments({ projectId, eventId }: { projectId: string; eventId: string | null }) {
  const { attachments } = useAttachments(projectId, eventId);
  if (!attachments?.length) return null;
  return (
    <Card>
      <AttachmentList attachments={attachments} />
    </Card>
  );
}
