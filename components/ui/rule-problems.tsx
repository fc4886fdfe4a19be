'use client';

import { useState } from 'react';
import type { FieldIssue } from '@/lib/errors';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';

// A text of rules refused with its problems by line (ownership rules, CODEOWNERS files, grouping rules): the list
// under the textarea, each problem a button that puts the caret on it.

export type Problem = { line: number; column: number; message: string };

/**
 * The problems of a 400 answer that name a line and column, those of one field when given (the first segment of
 * their path); null when the error names none, so the caller shows it as one message instead.
 */
export function problemsOf(err: unknown, field?: string): Problem[] | null {
  if (!(err instanceof ApiError) || !err.issues.some((i) => i.line !== undefined)) return null;
  return err.issues
    .filter(
      (i): i is FieldIssue & Problem =>
        i.line !== undefined && i.column !== undefined && (field === undefined || i.path[0] === field),
    )
    .map(({ line, column, message }) => ({ line, column, message }));
}

/** Moves the caret of a textarea to a line and column (1-based), so the person lands on the problem. */
function focusAt(el: HTMLTextAreaElement | null, line: number, column: number) {
  if (!el) return;
  const lines = el.value.split(/\r\n|\r|\n/);
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  const at = offset + Math.max(0, Math.min(column - 1, (lines[line - 1] ?? '').length));
  el.focus();
  el.setSelectionRange(at, offset + (lines[line - 1] ?? '').length);
}

/** Errors listed by line, each a button that puts the caret where it is. */
export function Problems({
  id,
  problems,
  target,
}: {
  id: string;
  problems: Problem[];
  target: () => HTMLTextAreaElement | null;
}) {
  return (
    <ul id={id} className="space-y-1 rounded-md border border-danger-line bg-danger-soft p-3 text-sm" data-testid={id}>
      {problems.map((p, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <button
            type="button"
            className="font-mono font-medium text-danger-fg underline-offset-2 hover:underline"
            onClick={() => focusAt(target(), p.line, p.column)}
          >
            Line {p.line}, column {p.column}
          </button>
          <span className="min-w-0 break-words text-fg">{p.message}</span>
        </li>
      ))}
    </ul>
  );
}

/** A rules form's failure: its problems by line when the API named lines, else one message. */
export function useRuleProblems() {
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string>();
  return {
    problems,
    error,
    clear: () => {
      setProblems([]);
      setError(undefined);
    },
    fail: (err: unknown) => {
      const found = problemsOf(err);
      if (found) setProblems(found);
      else setError(errorMessage(err));
    },
  };
}
