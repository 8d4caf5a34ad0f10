import {useState, type ReactNode} from 'react';
import type {ExplorerOperation} from '@site/src/components/ApiExplorer/types';
import LazyChunk from '@site/src/components/LazyChunk';
import styles from './styles.module.css';
import {useIslandId} from '@site/plugins/startup/island-ids';

// The explorer is its own chunk, fetched only when the reader asks for it.
const loadApiExplorer = () => import(/* webpackChunkName: "api-explorer" */ '@site/src/components/ApiExplorer');

/** The "Try it" button of an operation page; it opens the API explorer below it. */
export default function ApiTryIt({operation}: {operation: ExplorerOperation}): ReactNode {
  const [open, setOpen] = useState(false);
  const panelId = useIslandId();
  return (
    <div className={styles.tryIt}>
      <button
        type="button"
        className="button button--primary button--outline"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Close the API explorer' : 'Try it'}
      </button>
      {open && (
        <div id={panelId}>
          <LazyChunk load={loadApiExplorer} name="the API explorer" props={{operation}} />
        </div>
      )}
    </div>
  );
}
