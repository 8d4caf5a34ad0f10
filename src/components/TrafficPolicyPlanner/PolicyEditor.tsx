import type {Dispatch, ReactNode} from 'react';
import Field, {Choice, TextField} from '@site/src/components/ToolForm/Field';
import form from '@site/src/components/ToolForm/styles.module.css';
import PlannerTable from './PlannerTable';
import ScopeFieldset from './ScopeFieldset';
import {KIND_NAMES, type Kind, type Policy, type PolicyProvider} from './plan';
import type {Action, PolicyDraft, PolicyListField, ProviderDraft} from './state';
import styles from './styles.module.css';

interface EditorProps {
  draft: PolicyDraft;
  /** The draft as a policy (its lists split into entries). */
  policy: Policy;
  providers: readonly ProviderDraft[];
  fieldId: (name: string) => string;
  dispatch: Dispatch<Action>;
}

/** Which providers the policy uses, whether each is eligible, and its weight or, for a dynamic policy, its penalty. */
function PolicyProvidersTable({draft, policy, providers, dispatch}: Omit<EditorProps, 'fieldId'>): ReactNode {
  const dynamic = policy.kind === 'dynamic';
  // A dynamic policy ranks providers by speed plus a penalty; the other kinds share by weight.
  const setting = dynamic ? 'penaltyMs' : 'weight';
  const edit = (providerId: string, change: Partial<Omit<PolicyProvider, 'serviceProviderId'>>) =>
    dispatch({type: 'editPolicyProvider', providerId, change});
  return (
    <PlannerTable
      caption="Providers of this policy"
      columns={['Provider', 'In this policy', 'Eligible', dynamic ? 'Penalty (ms)' : 'Weight (%)']}
    >
      {providers.map((provider) => {
        const entry = draft.policy.providers.find((e) => e.serviceProviderId === provider.id);
        return (
          <tr key={provider.id}>
            <th scope="row">{provider.name}</th>
            <td>
              <input
                type="checkbox"
                aria-label={`${provider.name} is in this policy`}
                checked={entry !== undefined}
                onChange={(event) =>
                  dispatch({type: 'listProvider', providerId: provider.id, listed: event.target.checked})
                }
              />
            </td>
            <td>
              {entry && (
                <input
                  type="checkbox"
                  aria-label={`${provider.name} is eligible`}
                  checked={entry.eligible}
                  onChange={(event) => edit(provider.id, {eligible: event.target.checked})}
                />
              )}
            </td>
            <td>
              {entry && (
                <input
                  className={styles.number}
                  inputMode="numeric"
                  aria-label={dynamic ? `Penalty of ${provider.name}, in ms` : `Weight of ${provider.name}, in percent`}
                  value={entry[setting]}
                  onChange={(event) => edit(provider.id, {[setting]: event.target.value})}
                />
              )}
            </td>
          </tr>
        );
      })}
    </PlannerTable>
  );
}

/** The fields of the policy in the editor. */
export default function PolicyEditor(props: EditorProps): ReactNode {
  const {draft, policy, fieldId, dispatch} = props;
  const editList = (field: PolicyListField, text: string) => dispatch({type: 'editPolicyList', field, text});
  return (
    <fieldset className={form.fieldset}>
      <legend>Edit policy: {policy.name}</legend>
      <div className={form.row}>
        <TextField
          id={fieldId('name')}
          label="Name"
          value={draft.policy.name}
          onChange={(event) => dispatch({type: 'editPolicy', change: {name: event.target.value}})}
        />
        <Field id={fieldId('kind')} label="Kind">
          {(control) => (
            <select
              {...control}
              className={form.input}
              value={draft.policy.kind}
              onChange={(event) => dispatch({type: 'editPolicy', change: {kind: event.target.value as Kind}})}
            >
              {(Object.keys(KIND_NAMES) as Kind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]} ({kind})
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {draft.policy.isDefault ? (
        <p className={form.hint}>The default policy covers the whole world: its scope is empty and cannot change.</p>
      ) : (
        <ScopeFieldset draft={draft} fieldId={fieldId} dispatch={dispatch} />
      )}
      <PolicyProvidersTable {...props} />
      <div className={form.row}>
        {policy.kind === 'dynamic' && (
          <TextField
            id={fieldId('performance')}
            label="Performance check IDs (empty: every check)"
            value={draft.performanceCheckIds}
            spellCheck={false}
            onChange={(event) => editList('performanceCheckIds', event.target.value)}
          />
        )}
        <div className={form.field}>
          <Choice
            id={fieldId('failover')}
            type="checkbox"
            checked={draft.policy.failover.enabled}
            onChange={(event) => dispatch({type: 'toggleFailover', enabled: event.target.checked})}
            label="Failover removes providers that are down"
          />
          <TextField
            bare
            id={fieldId('health')}
            label="Health check IDs (empty: every check)"
            value={draft.healthCheckIds}
            spellCheck={false}
            onChange={(event) => editList('healthCheckIds', event.target.value)}
          />
        </div>
      </div>
      {!draft.policy.isDefault && (
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => dispatch({type: 'removePolicy'})}
        >
          Remove {policy.name}
        </button>
      )}
    </fieldset>
  );
}
