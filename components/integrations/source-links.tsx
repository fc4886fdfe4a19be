'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useSourceLinks, type SourceLink } from '@/lib/swr/use-integrations';

// Links of an event's in-app frames to their code (#64), by the project's code mappings: read once per event and
// shown beside each frame's file by the stack trace.
const Links = createContext<Map<string, SourceLink>>(new Map());

export function SourceLinksProvider({
  event,
  children,
}: {
  event: { id: string; issueId: string; projectId: string };
  children: ReactNode;
}) {
  const links = useSourceLinks(event.projectId, event.issueId, event.id);
  return <Links.Provider value={links}>{children}</Links.Provider>;
}

/** "View source" for frame `frame` of exception `exception` (0: the thrown one), when a code mapping names its file. */
export function FrameSourceLink({ exception, frame }: { exception: number; frame: number }) {
  const link = useContext(Links).get(`${exception}:${frame}`);
  if (!link) return null;
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noreferrer noopener"
      className="font-sans text-[11px] text-link hover:underline focus-visible:outline-2 focus-visible:outline-focus"
      title={`${link.repository}: ${link.path} at ${link.ref}`}
      data-testid="frame-source-link"
    >
      View source
    </a>
  );
}
