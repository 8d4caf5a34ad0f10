import {createContext, useContext, useId, useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';

/** Gives the next id of the island being rendered. */
const IslandIds = createContext<(() => string) | null>(null);

/**
 * Numbers the ids of one island: on the server around the island in the page, in the browser at the
 * top of its own root. A new count on every render of the scope, so a hydration React restarts
 * counts from zero again.
 */
export function IslandIdScope({index, children}: {index: number; children: ReactNode}): ReactNode {
  let count = 0;
  const nextId = () => `island-${index}-id-${count++}`;
  return <IslandIds value={nextId}>{children}</IslandIds>;
}

/**
 * `useId()` for components that can be islands of an article. React numbers ids by the place of a
 * component in its root, and an island hydrates in a root of its own: its `useId()`s differ from
 * those of the server HTML, and an attribute React sets later (`aria-describedby` once an error
 * shows, `aria-labelledby` once a table scrolls) would point at nothing. While an island renders for
 * the server or hydrates, its ids are numbered in render order, the same on both sides; whatever
 * mounts later, and everything outside islands, gets React's own id.
 */
export function useIslandId(): string {
  const reactId = useId();
  const nextId = useContext(IslandIds);
  const isBrowser = useIsBrowser();
  const [id] = useState(() => (nextId && !isBrowser ? nextId() : reactId));
  return id;
}
