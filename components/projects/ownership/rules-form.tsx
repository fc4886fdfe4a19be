'use client';

import { useRef, useState, type FormEvent } from 'react';
import { previewOwnership, updateOwnership, type PreviewMatch } from '@/lib/swr/use-ownership';
import { issueHref } from '@/lib/swr/use-issues';
import { CheckField } from '@/components/ui/check-field';
import { SavePreviewActions } from '../save-preview-actions';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { TextLink } from '@/components/ui/text-link';
import { Problems, useRuleProblems } from '@/components/ui/rule-problems';
import type { OwnershipFormProps } from './form-props';

const EXAMPLE = '# path:src/billing/* #payments\n# url:*/checkout* alice@example.com\n# tags.region:eu #emea';

/** The project's ownership rules and auto-assignment: saved by ADMINs, previewed against recent issues by anyone. */
export function RulesForm({ projectId, ownership, manage }: OwnershipFormProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const [raw, setRaw] = useState(ownership.raw);
  const [autoAssignment, setAutoAssignment] = useState(ownership.autoAssignment);
  const { problems, error, clear, fail } = useRuleProblems();
  const [saved, setSaved] = useState('');
  const [pending, setPending] = useState<'save' | 'preview'>();
  const [preview, setPreview] = useState<{ examined: number; matches: PreviewMatch[] }>();

  async function run(what: 'save' | 'preview') {
    setPending(what);
    clear();
    setSaved('');
    try {
      if (what === 'save') {
        await updateOwnership(projectId, { raw, autoAssignment });
        setSaved('Ownership rules saved. They apply to new issues from now on.');
      } else setPreview(await previewOwnership(projectId, raw));
    } catch (err) {
      fail(err);
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
        <Textarea
          mono
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
        />
      </div>
      {problems.length > 0 && <Problems id="ownership-errors" problems={problems} target={() => area.current} />}
      <CheckField
        name="autoAssignment"
        label="Auto-assign new issues to their owner"
        hint="The first owner of the winning rule, a person or a team, while nobody has the issue."
        checked={autoAssignment}
        disabled={!manage}
        onChange={(e) => setAutoAssignment(e.target.checked)}
      />
      <SavePreviewActions
        error={error}
        saved={saved}
        manage={manage}
        pending={pending}
        labels={{ save: 'Save rules', preview: 'Preview' }}
        onPreview={() => run('preview')}
      />
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
