import type { TrackedEvent } from '@/lib/swr/use-events';
import { Card } from '@/components/ui/card';
import { readEvent } from './event-shape';
import { StackTrace } from './stack-trace';
import { SourceLinksProvider } from '@/components/integrations/source-links';
import { BreadcrumbsPanel } from './event-panels/breadcrumbs-panel';
import { ContextsPanel } from './event-panels/contexts-panel';
import { EventSummaryPanel } from './event-panels/event-summary-panel';
import { ExtraPanel } from './event-panels/extra-panel';
import { FlagsPanel } from './event-panels/flags-panel';
import { HighlightsPanel } from './event-panels/highlights-panel';
import { LogMessagePanel } from './event-panels/log-message-panel';
import { ModulesPanel } from './event-panels/modules-panel';
import { RequestPanel } from './event-panels/request-panel';
import { SdkPanel } from './event-panels/sdk-panel';
import { SecurityReportPanel } from './event-panels/security-report-panel';
import { PerformanceEvidencePanel } from './event-panels/performance-evidence-panel';
import { TagsPanel } from './event-panels/tags-panel';
import { UserPanel } from './event-panels/user-panel';

/**
 * Everything one event carries, in the order a reader needs it (as Sentry's issue page): the highlights, the stack
 * trace (and its chain), the browser security report it was read from, the log message, the breadcrumbs that led
 * there; then tags, feature flags, user, each context, SDK, extra, request and modules. Panels lay out by the width
 * they are given (a container), not the window's.
 */
export function EventDetails({ event, exceptionType }: { event: TrackedEvent; exceptionType?: string }) {
  const parts = readEvent(event);
  const {
    frames,
    contexts,
    flags,
    breadcrumbs,
    tags,
    user,
    request,
    exceptions,
    logentry,
    sdk,
    extra,
    modules,
    security,
    performance,
  } = parts;
  return (
    <div className="@container space-y-6">
      <HighlightsPanel event={event} parts={parts} />
      {/* A performance issue's occurrence (#62) shows its spans where an error shows its stack. */}
      <PerformanceEvidencePanel evidence={performance} />
      {!performance && (
        <Card>
          <SourceLinksProvider event={event}>
            <StackTrace type={exceptionType} message={event.message} frames={frames} exceptions={exceptions} />
          </SourceLinksProvider>
        </Card>
      )}
      <SecurityReportPanel security={security} />
      {logentry && <LogMessagePanel logentry={logentry} />}
      <BreadcrumbsPanel breadcrumbs={breadcrumbs} />

      {/* A panel shows only when the event carries something for it: no "No request." cards. */}
      <div className="grid gap-6 @3xl:grid-cols-2">
        <TagsPanel tags={tags} />
        <FlagsPanel flags={flags} />
        <UserPanel user={user} />
        <ContextsPanel contexts={contexts} />
        <EventSummaryPanel event={event} />
        <SdkPanel event={event} sdk={sdk} />
        <ExtraPanel extra={extra} />
        <RequestPanel request={request} />
      </div>
      <ModulesPanel modules={modules} />
    </div>
  );
}
