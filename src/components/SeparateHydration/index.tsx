import {Suspense, startTransition, useEffect, useMemo, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

/** Inside the boundary: runs once its part has hydrated (or mounted). */
function OnHydrated({then}: {then: () => void}): null {
  useEffect(then, [then]);
  return null;
}

/**
 * A part of the page that React hydrates on its own: a Suspense boundary, which the server renders as
 * it is (nothing inside suspends, so the empty fallback is never shown). On a first load React
 * commits the page around such parts, then hydrates each in its own slices; a reader's press inside
 * one hydrates that part alone, at once, instead of the whole page.
 *
 * The app's "is browser" flag turns true as soon as the page around has hydrated; a context change
 * reaching a part still waiting would make React hydrate every such part in one long task. So the part
 * gets a flag of its own, false until it has hydrated, as the app's was, and its element is kept
 * from render to render, which lets React skip it until its turn.
 */
export default function SeparateHydration({children}: {children: ReactNode}): ReactNode {
  const appIsBrowser = useIsBrowser();
  // Mounted by a client navigation, there is nothing to hydrate: the flag starts true.
  const [isBrowser, setIsBrowser] = useState(appIsBrowser);
  const [markHydrated] = useState(() => () => startTransition(() => setIsBrowser(true)));
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        <OnHydrated then={markHydrated} />
        {children}
      </Suspense>
    ),
    [children, markHydrated],
  );
  return <BrowserContext.Provider value={isBrowser}>{boundary}</BrowserContext.Provider>;
}
