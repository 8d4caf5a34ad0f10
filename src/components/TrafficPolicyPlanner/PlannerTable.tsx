import {type ReactNode} from 'react';
import ScrollRegion from '@site/src/components/ScrollRegion';
import styles from './styles.module.css';
import {useIslandId} from '@site/plugins/startup/island-ids';

/** A table head of one row of column headers. */
export function TableHead({columns}: {columns: readonly ReactNode[]}): ReactNode {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export interface PlannerTableProps {
  caption?: ReactNode;
  columns: readonly ReactNode[];
  /** The rows. */
  children: ReactNode;
}

/** A table of the planner's form that scrolls sideways on narrow screens; a caption also names the scroll region. */
export default function PlannerTable({caption, columns, children}: PlannerTableProps): ReactNode {
  const captionId = useIslandId();
  return (
    <ScrollRegion labelledBy={caption === undefined ? undefined : captionId}>
      <table className={styles.table}>
        {caption !== undefined && <caption id={captionId}>{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
