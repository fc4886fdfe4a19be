'use client';

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from './cn';

/** A menu row of a switcher; the current choice in bold. */
export const switcherItem = (current: boolean) =>
  cn(
    'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus',
    current && 'font-semibold',
  );

/** A link below a switcher's choices ("All projects", "Audit log"). */
export const switcherLink =
  'block rounded-md px-3 py-2 text-sm hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus';

/** Closes an open menu on Escape or a click outside `root`. */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, onOpenChange: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onOpenChange(false);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && onOpenChange(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [root, open, onOpenChange]);
}

/** A header menu's panel, below its button. */
export const menuPanel =
  'absolute top-full z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-surface p-1 shadow-lg';

/**
 * The header's "/ Name ▾" disclosure (organization, project): its menu lists the choices and, below a rule, the
 * links in `footer`; Escape or a click outside closes it. `kind` names the button for screen readers.
 */
export function Switcher({
  kind,
  name,
  open,
  onOpenChange,
  testId,
  nameTestId,
  className,
  children,
  footer,
}: {
  kind: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  testId: string;
  nameTestId?: string;
  /** The button's widths: how much of the header the name may take. */
  className: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useDismiss(root, open, onOpenChange);

  return (
    <div ref={root} className="relative flex min-w-0 items-center gap-2 sm:gap-3">
      {/* On a phone the names stack (dashboard-header.tsx): no slash between them. */}
      <span aria-hidden="true" className="hidden text-fg-faint sm:inline">
        /
      </span>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onOpenChange(!open)}
        className={cn(
          'flex min-w-0 items-center gap-1.5 rounded-md px-1 py-0.5 text-sm font-medium hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus sm:px-2 sm:py-1',
          className,
        )}
        data-testid={testId}
      >
        <span className="sr-only">{kind}: </span>
        <span className="truncate" data-testid={nameTestId}>
          {name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-fg-muted" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" />
        </svg>
      </button>
      {open && (
        <div id={menuId} className={cn(menuPanel, 'left-0 sm:left-4')} data-testid={`${testId}-menu`}>
          {children}
          {footer && <div className="mt-1 border-t border-line pt-1">{footer}</div>}
        </div>
      )}
    </div>
  );
}
