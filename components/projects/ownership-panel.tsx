'use client';

import { useRef, useState, type FormEvent } from 'react';
import type { FieldIssue } from '@/lib/errors';
import { ApiError, errorMessage } from '@/lib/swr/fetcher';
import {
  deleteCodeowners,
  previewOwnership,
  updateOwnership,
  uploadCodeowners,
  useOwnership,
  type PreviewMatch,
  type ProjectOwnershipView,
} from '@/lib/swr/use-ownership';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { TextLink } from '@/components/ui/text-link';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { issueHref } from '@/lib/swr/use-issues';

const TEXTAREA =
  'block w-full rounded-md border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-fg shadow-xs focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30 disabled:bg-surface-hover aria-invalid:border-danger';
const EXAMPLE = '# path:src/billing/* #payments\n# url:*/checkout* alice@example.com\n# tags.region:eu #emea';

type Problem = { line: number; column: number; message: string };
const problemsOf = (err: unknown): Problem[] | null =>
  err instanceof ApiError && err.issues.some((i) => i.line !== undefined)
    ? err.issues
        .filter((i): i is FieldIssue & Problem => i.line !== undefined && i.column !== undefined)
        .map(({ line, column, message }) => ({ line, column, message }))
    : null;
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
function Problems({
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

/** Ownership rules, auto-assignment and CODEOWNERS files (#49): everyone reads and previews, ADMINs change. */
export function OwnershipPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { ownership, error, isLoading } = useOwnership(projectId);
  if (error) return <ErrorState error={error} title="Could not load the ownership rules" />;
  if (isLoading || !ownership) return <LoadingState label="Loading ownership rules" />;
  return (
    <Card>
      <h2 className="text-base font-semibold" id="ownership">
        Ownership
      </h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Who owns which issues, one rule a line in Sentry&apos;s syntax: <code>path:</code>, <code>url:</code>,{' '}
        <code>module:</code>, <code>tags.&lt;name&gt;:</code> or <code>codeowners:</code>, a glob, then owners (
        <code>#team-slug</code> or a member&apos;s email). The last matching rule wins; ownership rules come before
        CODEOWNERS.
      </p>
      <RulesForm projectId={projectId} ownership={ownership} manage={manage} />
      <Codeowners projectId={projectId} ownership={ownership} manage={manage} />
    </Card>
  );
}

function RulesForm({
  projectId,
  ownership,
  manage,
}: {
  projectId: string;
  ownership: ProjectOwnershipView;
  manage: boolean;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [raw, setRaw] = useState(ownership.raw);
  const [autoAssignment, setAutoAssignment] = useState(ownership.autoAssignment);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState('');
  const [pending, setPending] = useState<'save' | 'preview'>();
  const [preview, setPreview] = useState<{ examined: number; matches: PreviewMatch[] }>();

  async function run(what: 'save' | 'preview') {
    setPending(what);
    setError(undefined);
    setSaved('');
    try {
      if (what === 'save') {
        await updateOwnership(projectId, { raw, autoAssignment });
        setSaved('Ownership rules saved. They apply to new issues from now on.');
      } else setPreview(await previewOwnership(projectId, raw));
      setProblems([]);
    } catch (err) {
      const found = problemsOf(err);
      if (found) setProblems(found);
      else setError(errorMessage(err));
      if (what === 'preview') setPreview(undefined);
    } finally {
      setPending(undefined);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void run('save');
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="ownership-rules">Rules</Label>
        <textarea
          ref={area}
          id="ownership-rules"
          name="raw"
          rows={8}
          spellCheck={false}
          value={raw}
          placeholder={EXAMPLE}
          readOnly={!manage}
          onChange={(e) => setRaw(e.target.value)}
          aria-invalid={problems.length ? true : undefined}
          aria-describedby={problems.length ? 'ownership-errors' : undefined}
          className={TEXTAREA}
        />
      </div>
      {problems.length > 0 && <Problems id="ownership-errors" problems={problems} target={() => area.current} />}
      <div className="flex items-start gap-3">
        <input
          id="autoAssignment"
          type="checkbox"
          className="mt-1 size-4 accent-fg"
          checked={autoAssignment}
          disabled={!manage}
          onChange={(e) => setAutoAssignment(e.target.checked)}
          aria-describedby="autoAssignment-hint"
        />
        <div>
          <Label htmlFor="autoAssignment">Auto-assign new issues to their owner</Label>
          <p id="autoAssignment-hint" className="text-xs text-fg-muted">
            The first owner of the winning rule, a person or a team, while nobody has the issue.
          </p>
        </div>
      </div>
      <FormError message={error} />
      {saved && (
        <p role="status" className="text-sm text-success-fg">
          {saved}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {manage && (
          <Button type="submit" loading={pending === 'save'} disabled={!!pending}>
            Save rules
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          loading={pending === 'preview'}
          disabled={!!pending}
          onClick={() => run('preview')}
        >
          Preview
        </Button>
      </div>
      {preview && <Preview projectId={projectId} preview={preview} />}
    </form>
  );
}

function Preview({
  projectId,
  preview,
}: {
  projectId: string;
  preview: { examined: number; matches: PreviewMatch[] };
}) {
  return (
    <section aria-label="Preview" data-testid="ownership-preview" className="space-y-2">
      <p className="text-sm text-fg-secondary" role="status">
        {preview.matches.length} of the latest {preview.examined} issues would have an owner.
      </p>
      {preview.matches.length > 0 && (
        <ul className="divide-y divide-line rounded-md border border-line">
          {preview.matches.map((m) => (
            <li key={m.issue.id} className="space-y-1 p-3 text-sm">
              <TextLink href={issueHref(projectId, m.issue.id)} className="break-words">
                {m.issue.title}
              </TextLink>
              <p className="flex flex-wrap gap-x-2 text-fg-secondary">
                <span>{m.owners.map((o) => o.label).join(', ')}</span>
                <code className="min-w-0 rounded bg-surface-muted px-1 font-mono text-xs break-all">{m.rule}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Codeowners({
  projectId,
  ownership,
  manage,
}: {
  projectId: string;
  ownership: ProjectOwnershipView;
  manage: boolean;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [raw, setRaw] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      await uploadCodeowners(projectId, {
        raw,
        stackRoot: String(form.get('stackRoot') ?? ''),
        sourceRoot: String(form.get('sourceRoot') ?? ''),
      });
      setRaw('');
      setProblems([]);
    } catch (err) {
      const found = problemsOf(err);
      if (found) setProblems(found);
      else setError(errorMessage(err));
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
            <textarea
              ref={area}
              aria-label="CODEOWNERS text"
              rows={4}
              spellCheck={false}
              value={raw}
              placeholder={'/src/billing/ @acme/payments\n*.py bob@example.com'}
              onChange={(e) => setRaw(e.target.value)}
              aria-invalid={problems.length ? true : undefined}
              className={TEXTAREA}
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
