import type { TrackedEvent } from '@/lib/swr/use-events';
import { Card } from '@/components/ui/card';
import { readEvent } from './event-shape';
import { StackTrace } from './stack-trace';
import { BreadcrumbsPanel } from './event-panels/breadcrumbs-panel';
import { ContextsPanel } from './event-panels/contexts-panel';
import { EventSummaryPanel } from './event-panels/event-summary-panel';
import { ExtraPanel } from './event-panels/extra-panel';
import { LogMessagePanel } from './event-panels/log-message-panel';
import { ModulesPanel } from './event-panels/modules-panel';
import { RequestPanel } from './event-panels/request-panel';
import { SdkPanel } from './event-panels/sdk-panel';
import { TagsPanel } from './event-panels/tags-panel';
import { UserPanel } from './event-panels/user-panel';

/** Everything one event carries: stack trace (and its chain), log message, contexts, breadcrumbs, tags, user, request, extra, SDK. */
export function EventDetails({ event, exceptionType }: { event: TrackedEvent; exceptionType?: string }) {
  const { frames, contexts, breadcrumbs, tags, user, request, exceptions, logentry, sdk, extra, modules } =
    readEvent(event);
  return (
    <div className="space-y-6">
      <Card>
        <StackTrace type={exceptionType} message={event.message} frames={frames} exceptions={exceptions} />
      </Card>
      {logentry && <LogMessagePanel logentry={logentry} />}

      {/* A panel shows only when the event carries something for it: no "No request." cards. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <EventSummaryPanel event={event} />
        <TagsPanel tags={tags} />
        <UserPanel user={user} />
        <ContextsPanel contexts={contexts} />
        <SdkPanel event={event} sdk={sdk} />
        <ExtraPanel extra={extra} />
        <RequestPanel request={request} />
      </div>

      <BreadcrumbsPanel breadcrumbs={breadcrumbs} />
      <ModulesPanel modules={modules} />
    </div>
  );
}
