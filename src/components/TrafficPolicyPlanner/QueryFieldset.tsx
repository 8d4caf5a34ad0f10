import type {Dispatch, ReactNode} from 'react';
import {TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import {CONTINENTS} from './continents';
import type {Action} from './state';
import type {QueryCheck, QueryDraft} from './validation';

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
  const edit = (change: Partial<QueryDraft>) => dispatch({type: 'editQuery', change});
  return (
    <fieldset className={form.fieldset}>
      <legend>DNS query</legend>
      <div className={form.row}>
        <TextField
          id={fieldId('country')}
          label="Country (ISO 3166-1 alpha-2)"
          // The error replaces the continent: there is none for an unknown code.
          hint={
            errors.country
              ? undefined
              : `Continent: ${continent ? `${CONTINENTS[continent]} (${continent})` : 'unknown'}`
          }
          error={errors.country}
          value={query.country}
          spellCheck={false}
          onChange={(event) => edit({country: event.target.value})}
        />
        <TextField
          id={fieldId('subdivision')}
          label="Subdivision (ISO 3166-2, optional)"
          error={errors.subdivision}
          value={query.subdivision}
          spellCheck={false}
          onChange={(event) => edit({subdivision: event.target.value})}
        />
        <TextField
          id={fieldId('asn')}
          label="ASN (optional)"
          error={errors.asn}
          value={query.asn}
          inputMode="numeric"
          onChange={(event) => edit({asn: event.target.value})}
        />
      </div>
    </fieldset>
  );
}
