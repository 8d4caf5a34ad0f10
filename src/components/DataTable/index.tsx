import {type ReactNode} from 'react';
import ScrollRegion from '@site/src/components/ScrollRegion';
import styles from './styles.module.css';
import {useIslandId} from '@site/plugins/startup/island-ids';

export interface DataTableProps {
  /** Names the table and the scrollable region around it. */
  caption: ReactNode;
  /** The table's <thead>, <tbody> and <tfoot>. */
  children: ReactNode;
}

/**
 * A captioned table for data kept as data (field lists, support matrices, test results). It scrolls
 * sideways on narrow screens instead of widening the page; the scroll region is named by the caption.
 */
export default function DataTable({caption, children}: DataTableProps): ReactNode {
  const captionId = useIslandId();
  return (
    <ScrollRegion className={styles.wrapper} labelledBy={captionId} alwaysRegion>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
        {children}
      </table>
    </ScrollRegion>
  );
}
