'use client';

import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';

/**
 * One async action of a form or a button: `busy` while it runs, and its failure kept as a message (the API's
 * summary by default, or what `failure` makes of the error). `run` answers whether the work succeeded.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (work: () => Promise<unknown>, failure: (err: unknown) => string = errorMessage): Promise<boolean> => {
      setBusy(true);
      setError(undefined);
      try {
        await work();
        return true;
      } catch (err) {
        setError(failure(err));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, error, setError, run };
}
