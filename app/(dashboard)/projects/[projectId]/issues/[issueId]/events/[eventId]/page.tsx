import type { Metadata } from 'next';
import { EventPage } from '@/components/issues/event-page';

export const metadata: Metadata = { title: 'Event' };

export default async function IssueEventPage({ params }: { params: Promise<{ projectId: string; issueId: string; eventId: string }> }) {
  const { projectId, issueId, eventId } = await params;
  return <EventPage projectId={projectId} issueId={issueId} eventId={eventId} />;
}
