import {useEffect, type ReactNode} from 'react';
import NavbarOriginal from '@theme-original/Navbar';
import SeparateHydration from '@site/src/components/SeparateHydration';
import {NAVBAR_HYDRATED_EVENT} from '@site/src/lib/site';

/** Inside the navbar's part, so its effect runs once the navbar has hydrated (or mounted). */
function AnnounceHydrated(): null {
  useEffect(() => {
    document.dispatchEvent(new Event(NAVBAR_HYDRATED_EVENT));
  }, []);
  return null;
}

// One element for every render, so the part's boundary keeps its props while it waits to hydrate.
const navbar = (
  <>
    <NavbarOriginal />
    <AnnounceHydrated />
  </>
);

/** The navbar, hydrated on its own, so that a first press on its menu or search box answers sooner. */
export default function Navbar(): ReactNode {
  return <SeparateHydration>{navbar}</SeparateHydration>;
}
