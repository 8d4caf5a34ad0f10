import type {ReactNode} from 'react';
import NavbarOriginal from '@theme-original/Navbar';
import SeparateHydration from '@site/src/components/SeparateHydration';

/** The navbar, hydrated on its own, so that a first press on its menu or search box answers sooner. */
export default function Navbar(): ReactNode {
  return (
    <SeparateHydration>
      <NavbarOriginal />
    </SeparateHydration>
  );
}
