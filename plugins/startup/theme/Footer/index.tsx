import type {ReactNode} from 'react';
import FooterOriginal from '@theme-init/Footer';
import SeparateHydration from '../../SeparateHydration';

// One element for every render, so the part's boundary keeps its props while it waits to hydrate.
const footer = <FooterOriginal />;

/** The footer, hydrated on its own and last: nothing in it needs React before the reader gets there. */
export default function Footer(): ReactNode {
  return <SeparateHydration>{footer}</SeparateHydration>;
}
