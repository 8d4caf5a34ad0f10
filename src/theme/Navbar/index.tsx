import type {ReactNode} from 'react';
import NavbarOriginal from '@theme-original/Navbar';
import SeparateHydration from '@site/src/components/SeparateHydration';

// One element for every render, so the part's boundary keeps its props while it waits to hydrate.
const navbar = <NavbarOriginal />;

/** The navbar, hydrated on its own, so that a first press on its menu or search box answers sooner. */
export default function Navbar(): ReactNode {
  return <SeparateHydration>{navbar}</SeparateHydration>;
}
