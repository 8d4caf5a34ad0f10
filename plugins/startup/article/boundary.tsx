import type {ReactNode} from 'react';
import {IslandIdScope} from '../island-ids';
import {ISLAND_ATTRIBUTE} from './walk';
import styles from './styles.module.css';

/** An island's container: no box of its own, so the article's layout and CSS selectors see the island. */
export default function IslandBoundary({index, children}: {index: number; children: ReactNode}): ReactNode {
  return (
    <div {...{[ISLAND_ATTRIBUTE]: index}} className={styles.island}>
      <IslandIdScope index={index}>{children}</IslandIdScope>
    </div>
  );
}
