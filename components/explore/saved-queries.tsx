'use client';

import { useState } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import { deleteSavedQuery, saveQuery, updateSavedQuery, useSavedQueries } from '@/lib/swr/use-explore';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { copyText } from '@/components/ui/copy-button';
import { useAction } from '@/components/ui/use-action';
import type { PageState } from './url-state';

/**
 * The organization's saved queries: open one, save this one under a name (everyone in the organization sees it),
 * update or delete the one opened (its author, an admin or the owner), copy the address to share it.
 */
export function SavedQueries({ state, onOpen }: { state: PageState; onOpen: (s: PageState) => void }) {
  const { saved, mutate } = useSavedQueries();
  const toast = useToast();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const { busy, run } = useAction();
  const current = saved?.find((s) => s.id === state.saved) ?? null;

  // A change of the list, then the list again and a word of what happened (or why it failed).
  const act = async (what: () => Promise<unknown>, done: string) => {
    let failure = '';
    const ok = await run(
      async () => {
        await what();
        await mutate();
      },
      (err) => (failure = errorMessage(err)),
    );
    toast.show(ok ? { message: done } : { message: failure, tone: 'error' });
    return ok;
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label="Open a saved query"
        value={current?.id ?? ''}
        onChange={(e) => {
          const s = saved?.find((x) => x.id === e.target.value);
          if (s) onOpen({ query: s.query, chart: s.chart, samples: null, saved: s.id });
        }}
      >
        <option value="">{saved?.length ? 'Saved queries…' : 'No saved queries yet'}</option>
        {saved?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Select>
      {current?.canEdit && (
        <>
          <Button
            variant="secondary"
            loading={busy}
            onClick={() =>
              act(
                () => updateSavedQuery(current.id, { query: state.query, chart: state.chart }),
                `Updated “${current.name}”`,
              )
            }
          >
            Update
          </Button>
          <Button
            variant="danger-ghost"
            disabled={busy}
            onClick={async () => {
              if (await act(() => deleteSavedQuery(current.id), `Deleted “${current.name}”`))
                onOpen({ ...state, saved: null });
            }}
          >
            Delete
          </Button>
        </>
      )}
      {naming ? (
        <form
          className="flex items-center gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            let id = '';
            const ok = await act(async () => {
              id = (await saveQuery({ name: name.trim(), query: state.query, chart: state.chart })).id;
            }, `Saved “${name.trim()}” for everyone in the organization`);
            if (ok) {
              setNaming(false);
              onOpen({ ...state, saved: id });
            }
          }}
        >
          <Input
            aria-label="Name of the saved query"
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="w-48"
            maxLength={100}
            required
            autoFocus
          />
          <Button type="submit" loading={busy}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setNaming(true)}>
          Save query
        </Button>
      )}
      <Button
        variant="ghost"
        onClick={async () => {
          toast.show(
            (await copyText(window.location.href))
              ? { message: 'Link copied: it opens this query with its chart' }
              : { message: 'The browser refused to copy; copy the address bar instead', tone: 'error' },
          );
        }}
      >
        Copy link
      </Button>
    </div>
  );
}
