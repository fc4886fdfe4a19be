// How a run's outcome is written (#60), one wording for the monitor's card and its issue: the card says "Timed out",
// the issue "nightly-report timed out" (it said "timeout" while the card said "Timed out").

/** A run's outcome as the card's label ("Timed out"). */
export const RUN_TEXT: Record<string, string> = {
  ok: 'OK',
  in_progress: 'In progress',
  error: 'Failed',
  missed: 'Missed',
  timeout: 'Timed out',
};

/** A failed run's outcome within a sentence ("nightly-backup timed out"). */
export function failureVerb(kind: 'error' | 'missed' | 'timeout'): string {
  return RUN_TEXT[kind].toLowerCase();
}
