import { Field } from '@/components/ui/field';
import { CountField } from './count-field';
import { bindField, type RuleSectionProps } from './rule-values';
import { WindowField } from './window-field';

/** A CRASH_FREE rule: the percentage, of sessions or users, over a window with enough sessions to judge. */
export function CrashFreeFields(props: RuleSectionProps) {
  const { idPrefix, values, set } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id={`${idPrefix}-crash-free`}
        label="Fires below (% crash-free)"
        type="number"
        inputMode="decimal"
        min={0}
        max={100}
        step={0.01}
        {...bindField(props, 'crashFreeBelow')}
      />
      <div className="space-y-1.5">
        <label htmlFor={`${idPrefix}-metric`} className="text-sm font-medium">
          Of
        </label>
        <select
          id={`${idPrefix}-metric`}
          name="crashFreeMetric"
          value={values.crashFreeMetric}
          onChange={set('crashFreeMetric')}
          className="block h-9 w-full rounded-md border border-line-strong bg-surface px-3 text-sm"
        >
          <option value="sessions">sessions</option>
          <option value="users">users</option>
        </select>
      </div>
      <WindowField {...props} />
      <CountField {...props} idSuffix="min-sessions" field="minSessions" label="At least (sessions in the window)" />
    </div>
  );
}
