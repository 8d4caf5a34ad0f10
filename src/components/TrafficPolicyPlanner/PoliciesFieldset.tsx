import type {Dispatch, ReactNode} from 'react';
import form from '@site/src/components/ToolForm/styles.module.css';
import PlannerTable from './PlannerTable';
import {KIND_NAMES, PRIORITY_NAMES, priorityOf, type Policy} from './plan';
import type {Action} from './state';
import styles from './styles.module.css';

function scopeSummary(policy: Policy): string {
  if (policy.isDefault) return 'World (default policy)';
  const parts = [
    policy.scope.continents.length > 0 && `continents ${policy.scope.continents.join(', ')}`,
    policy.scope.countries.length > 0 && `countries ${policy.scope.countries.join(', ')}`,
    policy.scope.subdivisions.length > 0 && `subdivisions ${policy.scope.subdivisions.join(', ')}`,
    policy.scope.asns.length > 0 && `ASNs ${policy.scope.asns.join(', ')}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'Empty';
}

/** The service's policies, one of them in the editor, and the button that adds one. */
export default function PoliciesFieldset({
  policies,
  editing,
  dispatch,
}: {
  policies: readonly Policy[];
  editing: number;
  dispatch: Dispatch<Action>;
}): ReactNode {
  return (
    <fieldset className={form.fieldset}>
      <legend>Policies</legend>
      <PlannerTable columns={['Policy', 'Kind', 'Scope', 'Priority', 'Edit']}>
        {policies.map((policy, index) => (
          <tr key={index} className={index === editing ? styles.current : undefined}>
            <th scope="row">{policy.name}</th>
            <td>{KIND_NAMES[policy.kind]}</td>
            <td>{scopeSummary(policy)}</td>
            <td>
              {priorityOf(policy.scope)} ({PRIORITY_NAMES[priorityOf(policy.scope)]})
            </td>
            <td>
              <button
                type="button"
                className="button button--sm button--secondary"
                aria-pressed={index === editing}
                onClick={() => dispatch({type: 'selectPolicy', index})}
              >
                Edit {policy.name}
              </button>
            </td>
          </tr>
        ))}
      </PlannerTable>
      <button
        type="button"
        className="button button--sm button--outline button--primary"
        onClick={() => dispatch({type: 'addPolicy'})}
      >
        Add a policy
      </button>
    </fieldset>
  );
}
