import type {ReactNode} from 'react';
import DataTable from '@site/src/components/DataTable';
import {TableHead} from './PlannerTable';
import {PRIORITY_NAMES, type Policy, type PolicyChoice, type ShareResult} from './plan';
import styles from './styles.module.css';

export interface VerdictProps {
  policies: readonly Policy[];
  /** The query in words, such as "country DE (Europe), ASN 3320". */
  queryDescription: string;
  /** Null while the query needs correcting. */
  choice: PolicyChoice | null;
  /** How the winning policy shares the queries; null when no policy applies. */
  shares: ShareResult | null;
}

function ShareBar({shares}: {shares: ShareResult}): ReactNode {
  return (
    <div className={styles.bar} aria-hidden="true">
      {shares.shares
        .filter((share) => share.percent > 0)
        .map((share, index) => (
          <span
            key={share.serviceProviderId}
            className={styles[`segment${index % 4}`]}
            style={{width: `${share.percent}%`}}
          >
            {share.name} {share.percent}%
          </span>
        ))}
    </div>
  );
}

function WhyTable({policies, choice}: {policies: readonly Policy[]; choice: PolicyChoice}): ReactNode {
  return (
    <DataTable caption="Why: every policy checked against the query">
      <TableHead columns={['Policy', 'Priority', 'Matches', 'Reason']} />
      <tbody>
        {policies.map((policy, index) => (
          <tr key={index} className={index === choice.winner ? styles.winner : undefined}>
            <th scope="row">{policy.name}</th>
            <td>{choice.evaluations[index].priority}</td>
            <td>
              {index === choice.winner
                ? 'Yes: applies'
                : choice.evaluations[index].matches
                  ? 'Yes, but a more specific policy applies'
                  : 'No'}
            </td>
            <td>{choice.evaluations[index].reasons.join(' ')}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** Which policy answers the query and how it shares the queries (a live status), then why. */
export default function Verdict({policies, queryDescription, choice, shares}: VerdictProps): ReactNode {
  const winner = choice?.winner ?? null;
  return (
    <>
      <div className={styles.verdict} role="status" data-testid="planner-result">
        {choice === null ? (
          <p>Correct the query to see which policy applies.</p>
        ) : winner === null || shares === null ? (
          <p>No policy matches this query: every service needs its default policy.</p>
        ) : (
          <>
            <p>
              A query from {queryDescription} gets the policy <strong>{policies[winner].name}</strong> (priority{' '}
              {choice.evaluations[winner].priority}, {PRIORITY_NAMES[choice.evaluations[winner].priority]}
              ): the most specific matching scope wins.
              {choice.tiedWith.length > 0 &&
                ` It ties with ${choice.tiedWith.map((i) => policies[i].name).join(', ')} at the same priority, which the API refuses.`}
            </p>
            <p>{shares.explanation}</p>
            <ul className={styles.shares}>
              {shares.shares.map((share) => (
                <li key={share.serviceProviderId}>
                  <strong>
                    {share.name}: {share.percent}%
                  </strong>
                  {share.note && ` (${share.note})`}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {shares && <ShareBar shares={shares} />}
      {choice && <WhyTable policies={policies} choice={choice} />}
    </>
  );
}
