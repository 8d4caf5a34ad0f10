import {useReducer, type ReactNode} from 'react';
import validate from '@site/generated/validators/traffic-policy.mjs';
import form from '@site/src/components/ToolForm/styles.module.css';
import {CONTINENTS} from './continents';
import PoliciesFieldset from './PoliciesFieldset';
import PolicyEditor from './PolicyEditor';
import ProvidersFieldset from './ProvidersFieldset';
import QueryFieldset from './QueryFieldset';
import RequestBodyPanel from './RequestBodyPanel';
import Verdict from './Verdict';
import {choosePolicy, providerShares} from './plan';
import {requestBody, saveOperation} from './requestBody';
import {initialState, reducer, toPolicy, toServiceProvider} from './state';
import {checkQuery, describeSchemaErrors, policyProblems, type QueryCheck} from './validation';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';
import {useIslandId} from '@site/plugins/startup/island-ids';

/** The query in words, such as "country DE (Europe), subdivision DE-BY, ASN 3320". */
function describeQuery({location: {country, subdivision, asn}, continent}: QueryCheck): string {
  return [
    `country ${country}${continent ? ` (${CONTINENTS[continent]})` : ''}`,
    subdivision && `subdivision ${subdivision}`,
    asn !== null && `ASN ${asn}`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Plans traffic policies: the reader edits policies and providers, and for a DNS query from a
 * country (and optionally a subdivision and an ASN) sees which policy applies, why, and how it
 * shares the queries; the edited policy is shown as the API request body once it passes the
 * OpenAPI schema (a validator generated at build time) and the API's own rules.
 */
function TrafficPolicyPlanner(): ReactNode {
  const id = useIslandId();
  const fieldId = (name: string) => `${id}-${name}`;
  const [state, dispatch] = useReducer(reducer, initialState);
  const {providers, drafts, editing, query} = state;

  const policies = drafts.map(toPolicy);
  const edited = policies[editing];

  const queryCheck = checkQuery(query);
  const choice = Object.keys(queryCheck.errors).length === 0 ? choosePolicy(policies, queryCheck.location) : null;
  const winner = choice?.winner ?? null;
  const shares = winner === null ? null : providerShares(policies[winner], providers.map(toServiceProvider));

  // The edited policy's request body, shown only when it passes the schema and the API's rules.
  const body = requestBody(edited);
  const schemaErrors = validate(body) ? [] : describeSchemaErrors(validate.errors);
  const bodyProblems = [...schemaErrors, ...policyProblems(policies, editing)];

  return (
    <section className={styles.planner} aria-labelledby={fieldId('title')}>
      <p id={fieldId('title')} className={form.title}>
        Traffic policy planner
      </p>
      <ProvidersFieldset providers={providers} dispatch={dispatch} />
      <PoliciesFieldset policies={policies} editing={editing} dispatch={dispatch} />
      <QueryFieldset query={query} check={queryCheck} fieldId={fieldId} dispatch={dispatch} />
      <Verdict policies={policies} queryDescription={describeQuery(queryCheck)} choice={choice} shares={shares} />
      <PolicyEditor
        draft={drafts[editing]}
        policy={edited}
        providers={providers}
        fieldId={fieldId}
        dispatch={dispatch}
      />
      <RequestBodyPanel
        policyName={edited.name}
        operation={saveOperation(edited)}
        body={body}
        problems={bodyProblems}
      />
    </section>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(TrafficPolicyPlanner);
