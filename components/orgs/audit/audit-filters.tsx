'use client';

import { useEffect, useState } from 'react';
import { AUDIT_ACTIONS } from '@/lib/audit/actions';
import type { AuditFilters } from '@/lib/swr/use-audit-log';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { actionLabel, AREAS, AREAS_SHOWN } from '@/lib/audit/audit-labels';
import { FilterForm } from '@/components/ui/filter-form';

const EMPTY: AuditFilters = { action: '', actor: '', since: '', until: '' };

/** A day picked in the date inputs, as the ISO instant its UTC midnight is (`plusDays` later): the log's days are UTC. */
function dayStart(day: string, plusDays = 0): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + plusDays)).toISOString();
}

/** The audit log's filters (action, who, from, to) as the form edits them and as the API reads them. */
export function useAuditFilters() {
  const [action, setAction] = useState('');
  const [actorInput, setActorInput] = useState('');
  const [actor, setActor] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // Typing in the actor box asks the server once the typing pauses.
  useEffect(() => {
    const t = setTimeout(() => setActor(actorInput.trim()), 300);
    return () => clearTimeout(t);
  }, [actorInput]);
  const filters: AuditFilters = { action, actor, since: dayStart(from), until: dayStart(to, 1) };
  const filtered = JSON.stringify(filters) !== JSON.stringify(EMPTY);
  const clear = () => {
    setAction('');
    setActorInput('');
    setActor('');
    setFrom('');
    setTo('');
  };
  return {
    filters,
    filtered,
    form: { action, setAction, actorInput, setActorInput, from, setFrom, to, setTo, clear, filtered },
  };
}

type FormState = ReturnType<typeof useAuditFilters>['form'];

/** The filter form above the log. */
export function AuditFilterForm({
  action,
  setAction,
  actorInput,
  setActorInput,
  from,
  setFrom,
  to,
  setTo,
  clear,
  filtered,
}: FormState) {
  return (
    <FilterForm label="Filter the audit log" className="sm:grid-cols-2 lg:grid-cols-[14rem_1fr_10rem_10rem_auto]">
      <SelectField
        name="audit-action"
        label="Action"
        className="w-full"
        value={action}
        onChange={(e) => setAction(e.target.value)}
      >
        <option value="">All actions</option>
        {AREAS.map((area) => (
          <optgroup key={area} label={AREAS_SHOWN[area]?.[0] ?? area}>
            <option value={area}>All {AREAS_SHOWN[area]?.[1] ?? area} actions</option>
            {AUDIT_ACTIONS.filter((a) => a.startsWith(`${area}.`)).map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <Field
        name="audit-actor"
        label="Who"
        type="search"
        value={actorInput}
        onChange={(e) => setActorInput(e.target.value)}
        placeholder="Email or token name"
      />
      <Field name="audit-from" label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      <Field name="audit-to" label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      <Button variant="ghost" className="self-end" disabled={!filtered && actorInput === ''} onClick={clear}>
        Clear filters
      </Button>
    </FilterForm>
  );
}
