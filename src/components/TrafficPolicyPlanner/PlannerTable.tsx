import {useId, type ReactNode} from 'react';
import ScrollRegion from '@site/src/components/ScrollRegion';
import styles from './styles.module.css';

/** A table of the planner's form that scrolls sideways on narrow screens; a caption also names the scroll region. */
export default function PlannerTable({caption, children}: {caption?: ReactNode; children: ReactNode}): ReactNode {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={caption === undefined ? undefined : captionId}>
      <table className={styles.table}>
        {caption !== undefined && <caption id={captionId}>{caption}</caption>}
        {children}
      </table>
    </ScrollRegion>
  );
}
