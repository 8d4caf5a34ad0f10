import type {ReactNode} from 'react';
import NavbarOriginal from '@theme-original/Navbar';
import SeparateHydration from '@site/src/components/SeparateHydration';
import {NAVBAR_HYDRATED_EVENT} from '@site/src/lib/site';

// One element for every render, so the part's boundary keeps its props while it waits to hydrate.
const navbar = <NavbarOriginal />;

/** Tells the page's start script that the navbar has hydrated (plugins/paint-first). */
function announceHydrated(): void {
  document.dispatchEvent(new Event(NAVBAR_HYDRATED_EVENT));
}

/** The navbar, hydrated on its own, so that a first press on its menu or search box answers sooner. */
export default function Navbar(): ReactNode {
  return <SeparateHydration onHydrated={announceHydrated}>{navbar}</SeparateHydration>;
}
