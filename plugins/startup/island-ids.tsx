import {createContext, useContext, useId, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** Gives the next id of the island being rendered. */
const IslandIds = createContext<(() => string) | null>(null);

/** Numbers one island's ids, anew on every render (a hydration React restarts counts from zero). */
export function IslandIdScope({index, children}: {index: number; children: ReactNode}): ReactNode {
  let count = 0;
  const nextId = () => `island-${index}-id-${count++}`;
  return <IslandIds value={nextId}>{children}</IslandIds>;
}

/**
 * `useId()` for components that can be islands. An island hydrates in a root of its own, where
 * React's ids differ from the server HTML's, and an attribute set later (`aria-describedby`) would
 * point at nothing. So while an island renders on the server or hydrates, its ids are numbered in
 * render order, the same on both sides; anything else gets React's own id.
 */
export function useIslandId(): string {
  const reactId = useId();
  const nextId = useContext(IslandIds);
  const isBrowser = useIsBrowser();
  const [id] = useState(() => (nextId && !isBrowser ? nextId() : reactId));
  return id;
}
