import type {ReactNode} from 'react';
import form from '@site/src/components/ToolForm/styles.module.css';
import type {SaveOperation} from './requestBody';
import styles from './styles.module.css';

export interface RequestBodyPanelProps {
  policyName: string;
  operation: SaveOperation;
  body: Record<string, unknown>;
  /** Why the API would refuse the body; the body is shown only when there is nothing to fix. */
  problems: readonly string[];
}

/** The API call that saves the edited policy, with its body once the schema and the API's rules accept it. */
export default function RequestBodyPanel({policyName, operation, body, problems}: RequestBodyPanelProps): ReactNode {
  return (
    <div>
      <p className={form.resultLabel}>
        {operation.title} for {policyName}: <code>{`${operation.method} ${operation.path}`}</code>
      </p>
      {/* A live region that stays in place, so screen readers hear when the body becomes valid or not. */}
      <div aria-live="polite" data-testid="body-check">
        {problems.length === 0 ? (
          <p>It passes the OpenAPI schema and the API&apos;s rules.</p>
        ) : (
          <div className={styles.problems}>
            <p>The API would refuse this policy, so the request body is not shown until these are fixed:</p>
            <ul>
              {problems.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {problems.length === 0 && (
        <pre className={form.output} data-testid="request-body">
          <code>{JSON.stringify(body, null, 2)}</code>
        </pre>
      )}
    </div>
  );
}
