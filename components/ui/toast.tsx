'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

export type ToastInput = {
  message: string;
  tone?: 'success' | 'error';
  /** Shown as an "Undo" button; the toast closes when it is pressed. */
  undo?: () => void | Promise<void>;
};

type Toast = ToastInput & { id: number };

type ToastApi = { show: (toast: ToastInput) => void; dismiss: (id: number) => void };

const ToastContext = createContext<ToastApi | null>(null);

/** How long a toast stays; long enough to reach its Undo button by keyboard. */
export const TOAST_MS = 8000;

/** Visible, dismissable confirmations for page actions, announced politely; errors stay until closed. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const show = useCallback((toast: ToastInput) => {
    const id = nextId.current++;
    // Only the latest few matter during a burst of triage.
    setToasts((current) => [...current.slice(-2), { ...toast, id }]);
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        role="region"
        aria-label="Notifications"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
      >
        <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [undoing, setUndoing] = useState(false);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (toast.tone === 'error' || hovered || undoing) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.tone, hovered, undoing, onClose]);

  return (
    <div
      data-testid="toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-center gap-3 rounded-md border px-4 py-3 text-sm shadow-lg',
        toast.tone === 'error'
          ? 'border-danger-line bg-danger-soft text-danger-fg'
          : 'border-line-strong bg-inverse text-on-inverse',
      )}
    >
      <p className="min-w-0 flex-1 break-words">{toast.message}</p>
      {toast.undo && (
        <button
          type="button"
          disabled={undoing}
          onClick={async () => {
            setUndoing(true);
            try {
              await toast.undo?.();
            } finally {
              onClose();
            }
          }}
          className="shrink-0 rounded px-2 py-1 font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus"
        >
          Undo
        </button>
      )}
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={onClose}
        className="shrink-0 rounded px-1 leading-none opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        ×
      </button>
    </div>
  );
}

/** Show a toast from any client component under the dashboard layout. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}
