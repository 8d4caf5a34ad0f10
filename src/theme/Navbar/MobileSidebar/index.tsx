import clsx from 'clsx';
import {useDeferredValue, useEffect, type ReactNode} from 'react';
import {useLockBodyScroll, useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebarOriginal from '@theme-original/Navbar/MobileSidebar';
import LoadingSpinner from '@site/src/components/LoadingSpinner';
import {useDeferredMount} from '@site/src/hooks/useDeferredMount';
import styles from './styles.module.css';

/**
 * While the menu is open, drawer built or not, the page behind it does not scroll (the theme's
 * drawer locks it only once built), Escape closes it, and on closing, a focus left on the page or
 * in the drawer goes back to the menu button. Called after useModalDrawer, whose clean-up must
 * first make the button focusable again.
 */
function useOpenMenu(shown: boolean) {
  const {toggle} = useNavbarMobileSidebar();
  useLockBodyScroll(shown);
  useEffect(() => {
    if (!shown) return undefined;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toggle();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('.navbar-sidebar'))
        document.querySelector<HTMLElement>('.navbar__toggle')?.focus();
    };
  }, [shown, toggle]);
}

/**
 * While the mobile drawer is open it behaves as a modal: focus moves into it, and the page behind it
 * is inert (Tab cannot reach links hidden under the drawer, WCAG 2.4.11). useOpenMenu gives the
 * focus back to the menu button on closing.
 */
function useModalDrawer(shown: boolean) {
  useEffect(() => {
    const drawer = document.querySelector('.navbar-sidebar');
    if (!shown || !drawer) return undefined;
    const behind = Array.from(document.querySelectorAll<HTMLElement>('#__docusaurus > *, .navbar__inner')).filter(
      (element) => !element.contains(drawer),
    );
    for (const element of behind) element.inert = true;
    // The menu button just went inert with the rest: move focus to the drawer's first control.
    // While the drawer starts sliding in it is still `visibility: hidden`, so focus may have to
    // wait for the end of the transition.
    const focusDrawer = () => drawer.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    focusDrawer();
    if (!drawer.contains(document.activeElement)) drawer.addEventListener('transitionend', focusDrawer, {once: true});
    return () => {
      drawer.removeEventListener('transitionend', focusDrawer);
      for (const element of behind) element.inert = false;
    };
  }, [shown]);
}

// The drawer's place until it is built, in the server HTML too: a menu opened sooner (by the app,
// or by the page's start script while the app starts) slides in as an empty drawer that says it is
// loading, and the drawer replaces it.
const placeholder = (
  <div className={clsx('navbar-sidebar', styles.placeholder)} aria-busy="true">
    <LoadingSpinner label="Loading the menu…" />
  </div>
);

/**
 * On a phone the closed drawer holds the whole docs sidebar (300–500 components on the API pages):
 * it is built just after hydration, in slices, so it is ready when the menu is first opened. A menu
 * opened sooner answers the press at once with the backdrop and the placeholder, and the drawer
 * follows in a transition instead of holding that first frame back.
 */
export default function NavbarMobileSidebar(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const built = useDeferredMount();
  const rendered = useDeferredValue(built || shown);
  useModalDrawer(shown && rendered);
  useOpenMenu(shown);
  return rendered ? <NavbarMobileSidebarOriginal /> : placeholder;
}
