import {memo} from 'react';
import DocSidebarDesktopInit from '@theme-init/DocSidebar/Desktop';
import {desktopOnly} from '../../../HydrateOnDesktop';

// Memoized like the theme's component, which the theme's DocSidebar re-renders on every resize.
export default memo(desktopOnly(DocSidebarDesktopInit));
