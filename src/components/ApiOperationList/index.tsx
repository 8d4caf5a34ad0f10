import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import ApiMethodBadge from '@site/src/components/ApiMethodBadge';
import ColumnHeaders from '@site/src/components/DataTable/ColumnHeaders';
import ScrollRegion from '@site/src/components/ScrollRegion';
import {apiRoute} from '@site/src/lib/site';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';

export interface ApiOperationSummary {
  /** The page id of the operation, under /api/. */
  id: string;
  method: string;
  path: string;
  summary: string;
}

/** The operations of a tag: method, path and a link to each operation page. */
function ApiOperationList({operations}: {operations: ApiOperationSummary[]}): ReactNode {
  return (
    <ScrollRegion>
      <table className={styles.table}>
        <ColumnHeaders names={['Operation', 'Method', 'Path']} />
        <tbody>
          {operations.map((operation) => (
            <tr key={operation.id}>
              <td>
                <Link to={apiRoute(operation.id)}>{operation.summary}</Link>
              </td>
              <td>
                <ApiMethodBadge method={operation.method} />
              </td>
              <td>
                <code className={styles.path}>{operation.path}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(ApiOperationList);
