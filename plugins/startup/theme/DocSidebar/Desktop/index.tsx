import {memo, type ReactNode} from 'react';
import type {Props} from '@theme/DocSidebar/Desktop';
import DocSidebarDesktopOriginal from '@theme-init/DocSidebar/Desktop';
import HydrateOnDesktop from '../../../HydrateOnDesktop';

/** The desktop sidebar, left unhydrated on phones, where the theme removes it after hydration. */
function DocSidebarDesktop(props: Props): ReactNode {
  return (
    <HydrateOnDesktop>
      <DocSidebarDesktopOriginal {...props} />
    </HydrateOnDesktop>
  );
}

// Memoized like the theme's component, which the theme's DocSidebar re-renders on every resize.
export default memo(DocSidebarDesktop);
