'use client';

import Link from 'next/link';
import { useOrgReplay } from '@/lib/swr/use-replays';

/** The replay page of a replay, opened at a moment (ISO time) when given. */
export function replayPageHref(projectId: string, replayId: string, at?: string): string {
  const ms = at === undefined ? NaN : Date.parse(at);
  return `/projects/${encodeURIComponent(projectId)}/replays/${replayId}${Number.isFinite(ms) ? `?at=${ms}` : ''}`;
}

/**
 * "Watch replay" for an event whose session was replayed, opened at the event's moment: in whichever project of the
 * organization recorded it (a backend error's replay is its browser project's); says so when it was not stored.
 */
export function WatchReplay({ replayId, at }: { replayId: string; at: string }) {
  const { replay, error } = useOrgReplay(replayId);
  if (replay)
    return (
      <Link
        className="text-link hover:underline"
        href={replayPageHref(replay.projectId, replayId, at)}
        data-testid="replay-link"
      >
        ▶ Watch replay
      </Link>
    );
  if (error)
    return (
      <span className="text-fg-muted" title={`Replay ${replayId}`} data-testid="replay-missing">
        Not received
      </span>
    );
  return <span className="text-fg-muted">…</span>;
}
