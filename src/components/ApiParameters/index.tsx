import {type ReactNode} from 'react';
import ScrollRegion from '@site/src/components/ScrollRegion';
import ColumnHeaders from '@site/src/components/DataTable/ColumnHeaders';
import {SchemaFacts, typeLabel, type SchemaView} from '@site/src/components/ApiSchema';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';
import {useIslandId} from '@site/plugins/startup/island-ids';

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  deprecated?: boolean;
  /** HTML rendered at build time from the spec's Markdown. */
  description: string;
  schema: SchemaView;
}

/** Path, query or header parameters (or response headers) as a two-column table: name and type, then what it is. */
function ApiParameters({label, parameters}: {label: string; parameters: ApiParameter[]}): ReactNode {
  const captionId = useIslandId();
  return (
    <ScrollRegion labelledBy={captionId} className={styles.wrapper}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {label}
        </caption>
        <ColumnHeaders names={['Name and type', 'Description']} />
        <tbody>
          {parameters.map((parameter) => (
            <tr key={parameter.name}>
              <th scope="row">
                <code>{parameter.name}</code>
                <span className={styles.type}>{typeLabel(parameter.schema)}</span>
                {parameter.required && <span className={styles.required}>required</span>}
                {parameter.deprecated && <span className={styles.flag}>deprecated</span>}
              </th>
              <td>
                {parameter.description && (
                  <div className={styles.description} dangerouslySetInnerHTML={{__html: parameter.description}} />
                )}
                <SchemaFacts schema={{...parameter.schema, description: undefined}} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(ApiParameters);
