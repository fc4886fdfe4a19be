import type { Metadata } from 'next';
import { EventPage } from '@/components/issues/event-page';
import { issueTitle } from '@/lib/dashboard/page-titles';

type Params = { params: Promise<{ projectId: string; issueId: string; eventId: string }> };

/** "Event · TypeError: x is undefined · Checkout · Tracker". */
export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { projectId, issueId } = await params;
  const title = await issueTitle(projectId, issueId);
  return { title: title ? `Event · ${title}` : 'Event' };
}

export default async function IssueEventPage({
  params,
}: {
  params: Promise<{ projectId: string; issueId: string; eventId: string }>;
}) {
  const { projectId, issueId, eventId } = await params;
  return <EventPage projectId={projectId} issueId={issueId} eventId={eventId} />;
}
