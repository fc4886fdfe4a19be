'use client';

import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import {
  previewGrouping,
  updateGrouping,
  useGrouping,
  type GroupingPreview,
  type GroupingSettingsView,
} from '@/lib/swr/use-grouping';
import { DEFAULT_TRANSITION_DAYS, GROUPING_VERSIONS, MAX_TRANSITION_DAYS } from '@/lib/zod/grouping';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SavePreviewActions } from './save-preview-actions';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { Problems, problemsOf, type Problem } from '@/components/ui/rule-problems';
import { Textarea } from '@/components/ui/textarea';
import { GroupingPreviewTable } from './grouping-preview';
import { formatDate } from '@/lib/text/date-format';

const FINGERPRINT_EXAMPLE = 'error.type:DatabaseUnavailable -> system-down\nmessage:"*timeout*" -> timeouts';
const STACK_EXAMPLE = 'stack.module:node_modules/** -app\nstack.function:assert* -group';

type RulesField = 'fingerprintRules' | 'stackRules';

/** One text of rules: its label, the textarea and its problems, each a button to the line. */
function RulesText({
  field,
  label,
  hint,
  value,
  onChange,
  problems,
  example,
  readOnly,
}: {
  field: RulesField;
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
  problems: Problem[];
  example: string;
  readOnly: boolean;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  const id = `grouping-${field}`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <p id={`${id}-hint`} className="text-xs text-fg-muted">
        {hint}
      </p>
      <Textarea
        mono
        ref={area}
        id={id}
        name={field}
        rows={6}
        spellCheck={false}
        value={value}
        placeholder={example}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={problems.length ? `${id}-errors` : `${id}-hint`}
      />
      {problems.length > 0 && <Problems id={`${id}-errors`} problems={problems} target={() => area.current} />}
    </div>
  );
}

/** Until when the replaced configs still group beside the one in force. */
function Transition({ grouping }: { grouping: GroupingSettingsView }) {
  if (grouping.transition.length === 0) return null;
  return (
    <div className="rounded-md border border-line bg-surface-muted p-3 text-sm" data-testid="grouping-transition">
      <p className="font-medium">In transition</p>
      <ul className="mt-1 space-y-1 text-fg-secondary">
        {grouping.transition.map((t) => (
          <li key={t.config}>
            The config <code className="font-mono text-xs">{t.config}</code> (version {t.version}) groups beside the
            current one until {formatDate(t.until)}: issues it created keep their events.
          </li>
        ))}
      </ul>
    </div>
  );
}

function GroupingForm({
  projectId,
  grouping,
  manage,
}: {
  projectId: string;
  grouping: GroupingSettingsView;
  manage: boolean;
}) {
  const [text, setText] = useState({ fingerprintRules: grouping.fingerprintRules, stackRules: grouping.stackRules });
  const [version, setVersion] = useState(grouping.version);
  const [days, setDays] = useState(String(DEFAULT_TRANSITION_DAYS));
  const [problems, setProblems] = useState<Record<RulesField, Problem[]>>({ fingerprintRules: [], stackRules: [] });
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState('');
  const [pending, setPending] = useState<'save' | 'preview'>();
  const [preview, setPreview] = useState<GroupingPreview>();

  async function run(what: 'save' | 'preview') {
    setPending(what);
    setError(undefined);
    setSaved('');
    try {
      const draft = { ...text, version };
      if (what === 'save') {
        const result = await updateGrouping(projectId, { ...draft, transitionDays: Number(days) });
        setSaved(
          result.regrouped
            ? `Grouping saved. ${result.regrouped.regrouped} of the latest ${result.regrouped.examined} events group differently from now on.`
            : 'Grouping saved. Nothing groups differently.',
        );
        setPreview(result.regrouped ?? undefined);
      } else setPreview(await previewGrouping(projectId, draft));
      setProblems({ fingerprintRules: [], stackRules: [] });
    } catch (err) {
      const fp = problemsOf(err, 'fingerprintRules');
      if (fp) setProblems({ fingerprintRules: fp, stackRules: problemsOf(err, 'stackRules') ?? [] });
      else setError(errorMessage(err));
      setPreview(undefined);
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
      <RulesText
        field="fingerprintRules"
        label="Fingerprint rules"
        hint='matcher:value … -> fingerprint [title="…"]; the first rule that matches names the issue.'
        value={text.fingerprintRules}
        onChange={(v) => setText((t) => ({ ...t, fingerprintRules: v }))}
        problems={problems.fingerprintRules}
        example={FINGERPRINT_EXAMPLE}
        readOnly={!manage}
      />
      <RulesText
        field="stackRules"
        label="Stack trace rules"
        hint="matcher:value … then +app, -app, +group, -group (^ or v for the frames above or below), max-frames=N."
        value={text.stackRules}
        onChange={(v) => setText((t) => ({ ...t, stackRules: v }))}
        problems={problems.stackRules}
        example={STACK_EXAMPLE}
        readOnly={!manage}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="version"
          label="Grouping version"
          value={version}
          disabled={!manage}
          onChange={(e) => setVersion(Number(e.target.value) as typeof version)}
        >
          {GROUPING_VERSIONS.map((v) => (
            <option key={v} value={v}>
              {v === grouping.latestVersion ? `${v} (latest)` : v}
            </option>
          ))}
        </SelectField>
        {manage && (
          <Field
            name="transitionDays"
            label="Transition window (days)"
            type="number"
            min={0}
            max={MAX_TRANSITION_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            hint="How long the config replaced keeps grouping beside the new one, so existing issues keep their events."
          />
        )}
      </div>
      <SavePreviewActions
        error={error}
        saved={saved}
        manage={manage}
        pending={pending}
        labels={{ save: 'Save grouping', preview: 'Show what regroups' }}
        onPreview={() => run('preview')}
      />
      {preview && <GroupingPreviewTable projectId={projectId} preview={preview} />}
    </form>
  );
}

/** Server-side grouping rules (#63): everyone reads and previews, ADMINs save. */
export function GroupingPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { grouping, error, isLoading } = useGrouping(projectId);
  if (error) return <ErrorState error={error} title="Could not load the grouping settings" />;
  if (isLoading || !grouping) return <LoadingState label="Loading grouping settings" />;
  return (
    <Card>
      <h2 className="text-base font-semibold" id="grouping">
        Issue grouping
      </h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Fingerprint rules and stack trace rules in Sentry&apos;s syntax, applied to every new event. Preview shows what
        they would regroup among the latest 1,000 events; saving does exactly that, and the config it replaces keeps
        grouping for the transition window so existing issues keep their events.
      </p>
      <div className="mt-4">
        <Transition grouping={grouping} />
      </div>
      <GroupingForm projectId={projectId} grouping={grouping} manage={manage} />
    </Card>
  );
}
