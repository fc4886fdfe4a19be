import type { ReactNode } from 'react';

/** A table's column header cell. */
export const th = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-fg-muted uppercase';

/**
 * A card that scrolls its table sideways on a narrow screen. Focusable, so the keyboard can scroll it too (a
 * table without links has nothing else to focus); `label` names the region for screen readers.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="overflow-x-auto rounded-xl border border-line bg-surface shadow-sm focus-visible:outline-2 focus-visible:outline-focus"
    >
      {children}
    </div>
  );
}
