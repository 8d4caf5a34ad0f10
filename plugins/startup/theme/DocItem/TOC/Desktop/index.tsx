import type {ReactNode} from 'react';
import DocItemTOCDesktopOriginal from '@theme-init/DocItem/TOC/Desktop';
import HydrateOnDesktop from '../../../../HydrateOnDesktop';

/** The table of contents in the margin, left unhydrated on phones, where the theme removes it. */
export default function DocItemTOCDesktop(): ReactNode {
  return (
    <HydrateOnDesktop>
      <DocItemTOCDesktopOriginal />
    </HydrateOnDesktop>
  );
}
