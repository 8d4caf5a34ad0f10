import type {ReactNode} from 'react';
import NavbarInit from '@theme-init/Navbar';
import SeparateHydration from '../../SeparateHydration';

// One element for every render, so the part's boundary keeps its props while it waits to hydrate.
const navbar = <NavbarInit />;

/** Tells the page (and its start script, which then hands a menu it showed open to React) that the navbar has hydrated. */
function markHydrated(): void {
  document.documentElement.setAttribute('data-navbar-hydrated', 'true');
}

/** The navbar, hydrated on its own, so that a first press on its menu or search box answers sooner. */
export default function Navbar(): ReactNode {
  return <SeparateHydration onHydrated={markHydrated}>{navbar}</SeparateHydration>;
}
