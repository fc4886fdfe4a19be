'use client';

import { useState } from 'react';
import { useAction } from './use-action';

/** The outcome of a page action: announced politely to screen readers, and an error shown as an alert. */
export function ActionFeedback({ announcement, error }: { announcement: string; error?: string | null }) {
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A page's actions that report to one ActionFeedback: `run(work, done)` announces `done` when the work succeeded
 * (work that words its own outcome calls `announce`) and keeps the failure's message otherwise; it answers whether
 * it succeeded.
 */
export function useAnnouncedActions() {
  const [announcement, setAnnouncement] = useState('');
  const { error, setError, run: attempt } = useAction();
  const run = async (work: () => Promise<unknown>, done?: string) => {
    const ok = await attempt(work);
    if (ok && done !== undefined) setAnnouncement(done);
    return ok;
  };
  return { run, announcement, announce: setAnnouncement, error, setError };
}
