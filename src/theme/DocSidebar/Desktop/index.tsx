import {memo, useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Props} from '@theme/DocSidebar/Desktop';
import DocSidebarDesktopOriginal from '@theme-original/DocSidebar/Desktop';
import styles from './styles.module.css';

/** The theme's desktop breakpoint (`useWindowSize`): at this width and below the sidebar is hidden. */
const PHONE_MAX_WIDTH = 996;

const isPhoneWidth = () => window.innerWidth <= PHONE_MAX_WIDTH;

/**
 * The desktop sidebar, not hydrated on phones. The server renders it for every reader; on a phone,
 * where CSS hides it, the theme hydrated it (up to 500 components) only to replace it with the menu
 * drawer as soon as it had measured the window. Here, a page that hydrates at phone width keeps the
 * server's sidebar as inert HTML until the theme removes it: an element given inner HTML is adopted
 * by hydration as it is, without its children. If the window is widened first, the sidebar is built.
 */
function DocSidebarDesktop(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const [inert, setInert] = useState(() => !isBrowser && typeof window !== 'undefined' && isPhoneWidth());
  useEffect(() => {
    if (!inert) return undefined;
    const widened = () => !isPhoneWidth() && setInert(false);
    widened();
    window.addEventListener('resize', widened);
    return () => window.removeEventListener('resize', widened);
  }, [inert]);
  return inert ? (
    // The empty inner HTML is never written: hydration keeps the server's children.
    <div
      key="server-html"
      className={styles.sidebarWrapper}
      dangerouslySetInnerHTML={{__html: ''}}
      suppressHydrationWarning
    />
  ) : (
    <div key="built" className={styles.sidebarWrapper}>
      <DocSidebarDesktopOriginal {...props} />
    </div>
  );
}

// Memoized like the theme's component, which the theme's DocSidebar re-renders on every resize.
export default memo(DocSidebarDesktop);
