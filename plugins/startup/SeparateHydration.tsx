import {Suspense, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {useColorMode} from '@docusaurus/theme-common';
import {useAnnouncementBar, useNavbarMobileSidebar, useNavbarSecondaryMenu} from '@docusaurus/theme-common/internal';

/** Inside the boundary, after the part: runs once the part has hydrated (or mounted), after its effects. */
function OnHydrated({then}: {then: () => void}): null {
  useEffect(then, [then]);
  return null;
}

/**
 * The contexts of the theme's layout that change soon after a load (the phone drawer's docs sidebar
 * is set, the menu opens, the colour mode or announcement bar is read from storage). React passes a
 * context change down only as far as the first component that reads it; a part still waiting below
 * would be hydrated at once, in one blocking task. Read here, their changes stop at this component,
 * whose boundary element stays the same, so React leaves the part to its turn.
 */
function useLayoutContexts(): void {
  useNavbarMobileSidebar();
  useNavbarSecondaryMenu();
  useColorMode();
  useAnnouncementBar();
}

/**
 * A part of the page that React hydrates on its own: a Suspense boundary, which the server renders as
 * it is (nothing inside suspends, so the empty fallback is never shown). On a first load React
 * commits the page around such parts, then hydrates each in its own slices; a reader's press inside
 * one hydrates that part alone, at once, instead of the whole page.
 *
 * The app's "is browser" flag turns true as soon as the page around has hydrated: this component
 * reads it (so the change stops here, as the layout's contexts do) and gives the part a flag of its
 * own, false until the part has hydrated, as the server rendered it. `onHydrated`, a function that
 * stays the same, runs then too, after the part's own effects.
 */
export default function SeparateHydration({
  children,
  onHydrated,
}: {
  children: ReactNode;
  onHydrated?: () => void;
}): ReactNode {
  const appIsBrowser = useIsBrowser();
  useLayoutContexts();
  // Mounted by a client navigation, there is nothing to hydrate: the flag starts true.
  const [isBrowser, setIsBrowser] = useState(appIsBrowser);
  const markHydrated = useCallback(() => {
    startTransition(() => setIsBrowser(true));
    onHydrated?.();
  }, [onHydrated]);
  const boundary = useMemo(
    () => (
      <Suspense fallback={null}>
        {children}
        <OnHydrated then={markHydrated} />
      </Suspense>
    ),
    [children, markHydrated],
  );
  return <BrowserContext.Provider value={isBrowser}>{boundary}</BrowserContext.Provider>;
}
