import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {DESKTOP_MIN_WIDTH} from '@site/src/lib/site';

/** One object for every render: React 19 writes `innerHTML` again whenever this prop is a new object. */
const SERVER_HTML = {__html: ''};

/** No box of its own, so the layout is the theme's. */
const WRAPPER = {display: 'contents'} as const;

/** Below the theme's desktop breakpoint the desktop-only parts go. */
const isPhoneWidth = () => window.innerWidth < DESKTOP_MIN_WIDTH;

/**
 * The parts the theme keeps on desktops only (the docs sidebar, the margin's TOC): on a phone it
 * hydrated hundreds of components, then removed them. Hydrated at phone width, they stay inert
 * server HTML (adopted with empty inner HTML) until the theme removes them, or are built if the
 * window is widened first.
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

/** `Component`, left unhydrated on phones (HydrateOnDesktop). */
export function desktopOnly<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  return function DesktopOnly(props: Props) {
    return <HydrateOnDesktop>{<Component {...props} />}</HydrateOnDesktop>;
  };
}
