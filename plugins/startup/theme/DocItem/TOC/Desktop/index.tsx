import DocItemTOCDesktopInit from '@theme-init/DocItem/TOC/Desktop';
import {desktopOnly} from '../../../../HydrateOnDesktop';

/** The table of contents in the margin, left unhydrated on phones, where the theme removes it. */
export default desktopOnly(DocItemTOCDesktopInit);
