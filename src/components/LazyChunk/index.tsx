import {lazy, Suspense, useState, type ComponentType, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import LoadingSpinner from '@site/src/components/LoadingSpinner';

interface LazyChunkProps<Props extends object> {
  /** The dynamic import of the component's own chunk. */
  load: () => Promise<{default: ComponentType<Props>}>;
  /** What is being loaded, for the spinner and the error text: "the API explorer". */
  name: string;
  props: Props;
}

/**
 * A component fetched on demand: the centred spinner while its chunk loads, and, when the chunk
 * fails to load (offline, a 404 or 500 after a deployment), the error text with Retry in its place
 * instead of the whole page's crash screen. Retry imports the chunk again: React caches a failed
 * `lazy`, so each attempt gets a new one.
 */
export default function LazyChunk<Props extends object>({load, name, props}: LazyChunkProps<Props>): ReactNode {
  const [Component, setComponent] = useState(() => lazy(load));
  return (
    <ErrorBoundary
      fallback={({error, tryAgain}) => (
        <div className="alert alert--danger" role="alert">
          <p>
            {name.charAt(0).toUpperCase() + name.slice(1)} failed to load: {error.message}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setComponent(() => lazy(load));
              tryAgain();
            }}
          >
            Retry
          </button>
        </div>
      )}
    >
      <Suspense fallback={<LoadingSpinner label={`Loading ${name}…`} />}>
        <Component {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
