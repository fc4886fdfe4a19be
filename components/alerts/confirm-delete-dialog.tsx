'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

/** A modal confirmation (native <dialog>: focus is trapped and Escape cancels). */
export function ConfirmDeleteDialog({
  ruleName,
  onConfirm,
  onClose,
}: {
  ruleName: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function confirm() {
    setPending(true);
    setError(undefined);
    try {
      await onConfirm();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not delete the rule');
      setPending(false);
    }
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="delete-rule-title"
      aria-describedby="delete-rule-description"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-6 text-fg shadow-xl backdrop:bg-neutral-950/50"
    >
      <h2 id="delete-rule-title" className="text-lg font-semibold">
        Delete alert rule?
      </h2>
      <p id="delete-rule-description" className="mt-2 text-sm text-fg-secondary">
        “{ruleName}” and its delivery log will be deleted. This cannot be undone.
      </p>
      <FormError message={error} className="mt-3" />
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => ref.current?.close()} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} loading={pending} variant="danger">
          Delete rule
        </Button>
      </div>
    </dialog>
  );
}
