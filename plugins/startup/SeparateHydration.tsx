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
 * The layout's contexts that change soon after a load (the drawer's sidebar, the menu, the colour
 * mode, the announcement bar). A change reaching a part still waiting to hydrate would hydrate it at
 * once, in one blocking task; read here, it stops at this component, whose boundary stays the same.
 */
function useLayoutContexts(): void {
  useNavbarMobileSidebar();
  useNavbarSecondaryMenu();
  useColorMode();
  useAnnouncementBar();
}

/**
 * A part of the page that React hydrates on its own: a Suspense boundary (nothing inside suspends,
 * so the fallback never shows). React commits the page around it, then hydrates it in its own
 * slices; a press inside hydrates it alone, at once. The part gets an "is browser" flag of its own,
 * false until it has hydrated; `onHydrated` (a stable function) runs then, after the part's effects.
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
