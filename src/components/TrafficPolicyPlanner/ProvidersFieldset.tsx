import type {ComponentProps, Dispatch, ReactNode} from 'react';
import form from '@site/src/components/ToolForm/styles.module.css';
import PlannerTable from './PlannerTable';
import type {Action, ProviderDraft} from './state';
import styles from './styles.module.css';

type TypedSetting = 'name' | 'id' | 'ttfbMs' | 'commitmentLeftGb';

function ProviderRow({
  provider,
  index,
  dispatch,
}: {
  provider: ProviderDraft;
  index: number;
  dispatch: Dispatch<Action>;
}): ReactNode {
  const edit = (change: Partial<ProviderDraft>) => dispatch({type: 'editProvider', index, change});
  const cell = (setting: TypedSetting, label: string, input: ComponentProps<'input'> = {}) => (
    <td>
      <input
        className={form.input}
        {...input}
        aria-label={label}
        value={provider[setting]}
        onChange={(event) => edit({[setting]: event.target.value})}
      />
    </td>
  );
  return (
    <tr>
      {cell('name', `Name of provider ${index + 1}`, {className: `${form.input} ${styles.nameInput}`})}
      {cell('id', `Service provider ID of ${provider.name}`, {
        className: `${form.input} ${styles.idInput}`,
        spellCheck: false,
      })}
      <td>
        <input
          type="checkbox"
          aria-label={`${provider.name} is down`}
          checked={provider.down}
          onChange={(event) => edit({down: event.target.checked})}
        />
      </td>
      {cell('ttfbMs', `Time to first byte of ${provider.name}, in ms`, {inputMode: 'numeric'})}
      {cell('commitmentLeftGb', `Commitment left for ${provider.name}, in GB`, {inputMode: 'numeric'})}
    </tr>
  );
}

/** The service providers and what the planner assumes about each of them right now. */
export default function ProvidersFieldset({
  providers,
  dispatch,
}: {
  providers: readonly ProviderDraft[];
  dispatch: Dispatch<Action>;
}): ReactNode {
  return (
    <fieldset className={form.fieldset}>
      <legend>Service providers</legend>
      <p className={form.hint}>
        What the planner assumes about each provider right now. Time to first byte is used by dynamic policies, the GB
        left on a commitment by cost-based policies; leave it empty for a provider without a commitment.
      </p>
      <PlannerTable
        columns={[
          'Name',
          'Service provider ID',
          'Down (health checks failing)',
          'Time to first byte (ms)',
          'Commitment left (GB)',
        ]}
      >
        {providers.map((provider, index) => (
          <ProviderRow key={index} provider={provider} index={index} dispatch={dispatch} />
        ))}
      </PlannerTable>
    </fieldset>
  );
}
