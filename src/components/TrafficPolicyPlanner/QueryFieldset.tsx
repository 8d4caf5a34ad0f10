import type {ChangeEvent, Dispatch, ReactNode} from 'react';
import {TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import {CONTINENTS} from './continents';
import type {Action} from './state';
import type {QueryCheck, QueryDraft, QueryField} from './validation';

/** The DNS query to route: where it comes from, each field with its message when it cannot be used. */
export default function QueryFieldset({
  query,
  check,
  fieldId,
  dispatch,
}: {
  query: QueryDraft;
  check: QueryCheck;
  fieldId: (name: string) => string;
  dispatch: Dispatch<Action>;
}): ReactNode {
  const {continent, errors} = check;
  /** The props of the field of `name`: its id, error and value, and the edit it makes. */
  const bind = (name: QueryField) => ({
    id: fieldId(name),
    error: errors[name],
    value: query[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      dispatch({type: 'editQuery', change: {[name]: event.target.value}}),
  });
  return (
    <fieldset className={form.fieldset}>
      <legend>DNS query</legend>
      <div className={form.row}>
        <TextField
          {...bind('country')}
          label="Country (ISO 3166-1 alpha-2)"
          // The error replaces the continent: there is none for an unknown code.
          hint={
            errors.country
              ? undefined
              : `Continent: ${continent ? `${CONTINENTS[continent]} (${continent})` : 'unknown'}`
          }
          spellCheck={false}
        />
        <TextField {...bind('subdivision')} label="Subdivision (ISO 3166-2, optional)" spellCheck={false} />
        <TextField {...bind('asn')} label="ASN (optional)" inputMode="numeric" />
      </div>
    </fieldset>
  );
}
