import { Field } from '@/components/ui/field';
import { bindField, type RuleSectionProps } from './rule-values';

type CountFieldProps = RuleSectionProps & {
  idSuffix: string;
  field: 'threshold' | 'windowMinutes' | 'minSessions';
  label: string;
};

/** A whole number of at least one: errors, minutes or sessions. */
export function CountField({ idSuffix, field, label, ...section }: CountFieldProps) {
  return (
    <Field
      id={`${section.idPrefix}-${idSuffix}`}
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      {...bindField(section, field)}
    />
  );
}
