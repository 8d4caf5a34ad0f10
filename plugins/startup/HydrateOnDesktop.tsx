import {useEffect, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {DESKTOP_MIN_WIDTH} from '@site/src/lib/site';

/** One object for every render: React 19 writes `innerHTML` again whenever this prop is a new object. */
const SERVER_HTML = {__html: ''};

/** A wrapper for hydration only: it adds no box, so the layout is the theme's. */
const WRAPPER = {display: 'contents'} as const;

/** Below the theme's desktop breakpoint the desktop-only parts go. */
const isPhoneWidth = () => window.innerWidth < DESKTOP_MIN_WIDTH;

/**
 * For the parts of a page the server renders for every reader but the theme keeps on desktops only
 * (the docs sidebar, the table of contents in the margin): on a phone, where CSS hides them, the
 * theme hydrated them and then removed them as soon as it had measured the window, hundreds of
 * components of work at start-up for nothing. A page that hydrates at phone width keeps them as inert
 * server HTML until the theme removes them: an element given inner HTML is adopted by hydration as
 * it is, without its children. If the window is widened first, they are built.
 */
export default function HydrateOnDesktop({children}: {children: ReactNode}): ReactNode {
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
    <div key="server-html" style={WRAPPER} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
  ) : (
    <div key="built" style={WRAPPER}>
      {children}
    </div>
  );
}
