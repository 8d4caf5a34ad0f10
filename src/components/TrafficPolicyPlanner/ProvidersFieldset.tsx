import type {Dispatch, ReactNode} from 'react';
import form from '@site/src/components/ToolForm/styles.module.css';
import PlannerTable from './PlannerTable';
import type {Action, ProviderDraft} from './state';
import styles from './styles.module.css';

/** The service providers and what the planner assumes about each of them right now. */
export default function ProvidersFieldset({
  providers,
  dispatch,
}: {
  providers: readonly ProviderDraft[];
  dispatch: Dispatch<Action>;
}): ReactNode {
  const edit = (index: number, change: Partial<ProviderDraft>) => dispatch({type: 'editProvider', index, change});
  return (
    <fieldset className={form.fieldset}>
      <legend>Service providers</legend>
      <p className={form.hint}>
        What the planner assumes about each provider right now. Time to first byte is used by dynamic policies, the GB
        left on a commitment by cost-based policies; leave it empty for a provider without a commitment.
      </p>
      <PlannerTable>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Service provider ID</th>
            <th scope="col">Down (health checks failing)</th>
            <th scope="col">Time to first byte (ms)</th>
            <th scope="col">Commitment left (GB)</th>
          </tr>
        </thead>
        <tbody>
          {providers.map((provider, index) => (
            <tr key={index}>
              <td>
                <input
                  className={`${form.input} ${styles.nameInput}`}
                  aria-label={`Name of provider ${index + 1}`}
                  value={provider.name}
                  onChange={(event) => edit(index, {name: event.target.value})}
                />
              </td>
              <td>
                <input
                  className={`${form.input} ${styles.idInput}`}
                  aria-label={`Service provider ID of ${provider.name}`}
                  value={provider.id}
                  spellCheck={false}
                  onChange={(event) => edit(index, {id: event.target.value})}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${provider.name} is down`}
                  checked={provider.down}
                  onChange={(event) => edit(index, {down: event.target.checked})}
                />
              </td>
              <td>
                <input
                  className={form.input}
                  inputMode="numeric"
                  aria-label={`Time to first byte of ${provider.name}, in ms`}
                  value={provider.ttfbMs}
                  onChange={(event) => edit(index, {ttfbMs: event.target.value})}
                />
              </td>
              <td>
                <input
                  className={form.input}
                  inputMode="numeric"
                  aria-label={`Commitment left for ${provider.name}, in GB`}
                  value={provider.commitmentLeftGb}
                  onChange={(event) => edit(index, {commitmentLeftGb: event.target.value})}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </PlannerTable>
    </fieldset>
  );
}
