import type {Dispatch, ReactNode} from 'react';
import {Choice, TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import {CONTINENTS, type Continent} from './continents';
import type {Action, PolicyDraft, PolicyListField} from './state';
import styles from './styles.module.css';

const SCOPE_LISTS: readonly (readonly [PolicyListField, string, string])[] = [
  ['countries', 'Countries (ISO 3166-1 alpha-2)', 'DE, AT'],
  ['subdivisions', 'Subdivisions (ISO 3166-2)', 'DE-BY'],
  ['asns', 'ASNs', '3320'],
];

/** Where the edited policy applies: continents to tick, and lists of countries, subdivisions and ASNs. */
export default function ScopeFieldset({
  draft,
  fieldId,
  dispatch,
}: {
  draft: PolicyDraft;
  fieldId: (name: string) => string;
  dispatch: Dispatch<Action>;
}): ReactNode {
  return (
    <fieldset className={form.fieldset}>
      <legend>Scope</legend>
      <fieldset className={styles.inline}>
        <legend>Continents</legend>
        {(Object.keys(CONTINENTS) as Continent[]).map((code) => (
          <Choice
            key={code}
            id={fieldId(`continent-${code}`)}
            type="checkbox"
            checked={draft.policy.scope.continents.includes(code)}
            onChange={(event) => dispatch({type: 'toggleContinent', continent: code, included: event.target.checked})}
            label={`${CONTINENTS[code]} (${code})`}
          />
        ))}
      </fieldset>
      <div className={form.row}>
        {SCOPE_LISTS.map(([name, label, example]) => (
          <TextField
            key={name}
            id={fieldId(name)}
            label={label}
            describedBy={fieldId('lists-hint')}
            value={draft[name]}
            spellCheck={false}
            placeholder={example}
            onChange={(event) => dispatch({type: 'editPolicyList', field: name, text: event.target.value})}
          />
        ))}
      </div>
      <p id={fieldId('lists-hint')} className={form.hint}>
        Separate entries with commas. Entries in one list are alternatives; lists that are not empty must all match.
      </p>
    </fieldset>
  );
}
