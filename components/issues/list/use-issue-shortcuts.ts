'use client';

import { useEffect, type RefObject } from 'react';
import type { IssueStatusValue } from '@/lib/zod/issues';

/** Keys typed into a text field are text, not shortcuts. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * The issue list's keyboard: j / k move the highlight, x checks, r / i / u triage the checked issues (else the
 * highlighted one), Enter opens it.
 */
export function useIssueShortcuts({
  ids,
  cursor,
  checked,
  rows,
  setCursor,
  toggle,
  apply,
  open,
}: {
  ids: string[];
  cursor: number;
  checked: Set<string>;
  rows: RefObject<(HTMLTableRowElement | null)[]>;
  setCursor: (i: number) => void;
  toggle: (id: string) => void;
  apply: (ids: string[], status: IssueStatusValue) => Promise<void>;
  open: (id: string) => void;
}) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.metaKey || e.ctrlKey || e.altKey || isTyping(e.target) || ids.length === 0) return;
      const current = ids[Math.min(cursor, ids.length - 1)];
      // Shortcuts act on the checked issues when there are some, else on the highlighted one.
      const targets = checked.size > 0 ? [...checked] : current ? [current] : [];
      const move = (to: number) => {
        const i = Math.max(0, Math.min(ids.length - 1, to));
        setCursor(i);
        rows.current[i]?.scrollIntoView({ block: 'nearest' });
      };
      switch (e.key) {
        case 'j':
          move(cursor + 1);
          break;
        case 'k':
          move(cursor - 1);
          break;
        case 'x':
          if (current) toggle(current);
          break;
        case 'r':
          void apply(targets, 'RESOLVED');
          break;
        case 'i':
          void apply(targets, 'IGNORED');
          break;
        case 'u':
          void apply(targets, 'UNRESOLVED');
          break;
        case 'Enter': {
          // Enter on a focused link or button already does what it says.
          const t = e.target as HTMLElement;
          if (t.closest('a, button') || !current) return;
          open(current);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [apply, checked, cursor, ids, open, rows, setCursor, toggle]);
}
