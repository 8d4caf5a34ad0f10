import type {ReactNode} from 'react';
import ApiMethodBadge from '@site/src/components/ApiMethodBadge';
import styles from './styles.module.css';

export interface ApiEndpointProps {
  method: string;
  /** The path template, such as `/services/{service_id}/`. */
  path: string;
  /** The base URL the path is relative to. */
  server: string;
  /** The spec's operationId (guides name the operation by it in <ApiRequest>). */
  operationId: string;
}

/** Method and path of an API operation, and the server they belong to. */
export default function ApiEndpoint({method, path, server, operationId}: ApiEndpointProps): ReactNode {
  return (
    <div className={styles.endpoint}>
      <p className={styles.line}>
        <ApiMethodBadge method={method} /> <code className={styles.path}>{path}</code>
      </p>
      <p className={styles.server}>
        Server: <code>{server}</code>
      </p>
      <p className={styles.server}>
        Operation ID: <code>{operationId}</code>
      </p>
    </div>
  );
}
