'use client';

import { useRef, useState, type FormEvent } from 'react';
import { deleteCodeowners, uploadCodeowners } from '@/lib/swr/use-ownership';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Problems, useRuleProblems } from '@/components/ui/rule-problems';
import type { OwnershipFormProps } from './form-props';

/** The project's CODEOWNERS files: listed for everyone, uploaded (a file or pasted text) and deleted by ADMINs. */
export function Codeowners({ projectId, ownership, manage }: OwnershipFormProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [raw, setRaw] = useState('');
  const { problems, error, clear, fail } = useRuleProblems();
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    clear();
    try {
      await uploadCodeowners(projectId, {
        raw,
        stackRoot: String(form.get('stackRoot') ?? ''),
        sourceRoot: String(form.get('sourceRoot') ?? ''),
      });
      setRaw('');
    } catch (err) {
      fail(err);
    } finally {
      setPending(false);
    }
  }

  async function readFile(file: File | undefined) {
    if (file) setRaw(await file.text());
  }

  return (
    <div className="mt-8 space-y-4 border-t border-line pt-6">
      <h3 className="text-sm font-semibold">CODEOWNERS</h3>
      {ownership.codeowners.length === 0 ? (
        <p className="text-sm text-fg-muted">No CODEOWNERS file yet.</p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line" data-testid="codeowners-files">
          {ownership.codeowners.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span className="min-w-0 break-all">
                {f.rules} {f.rules === 1 ? 'rule' : 'rules'}
                {(f.sourceRoot || f.stackRoot) && (
                  <span className="text-fg-secondary">
                    {' '}
                    · <code>{f.sourceRoot || '/'}</code> → <code>{f.stackRoot || '/'}</code>
                  </span>
                )}
              </span>
              {manage && (
                <Button type="button" variant="danger-ghost" onClick={() => void deleteCodeowners(projectId, f.id)}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="codeowners-file">CODEOWNERS file</Label>
            <input
              id="codeowners-file"
              type="file"
              className="block w-full text-sm"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
            <Textarea
              mono
              ref={area}
              aria-label="CODEOWNERS text"
              rows={4}
              spellCheck={false}
              value={raw}
              placeholder={'/src/billing/ @acme/payments\n*.py bob@example.com'}
              onChange={(e) => setRaw(e.target.value)}
              aria-invalid={problems.length ? true : undefined}
            />
          </div>
          {problems.length > 0 && <Problems id="codeowners-errors" problems={problems} target={() => area.current} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="sourceRoot"
              label="Source root"
              hint="The repository folder the file's paths start with (e.g. app/)."
            />
            <Field
              name="stackRoot"
              label="Stack trace root"
              hint="What that folder is in stack traces (e.g. /srv/app/)."
            />
          </div>
          <FormError message={error} />
          <Button type="submit" loading={pending} disabled={pending || !raw.trim()}>
            Upload CODEOWNERS
          </Button>
        </form>
      )}
    </div>
  );
}
