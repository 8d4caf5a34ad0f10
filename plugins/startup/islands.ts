import type {ComponentType} from 'react';

// How a site component says it is an island of the article (./article/StaticArticle.tsx). With the
// layer off, registering does nothing.

/**
 * The components that need React in an article (state, effects, event handlers): each hydrates on
 * its own, as an island, while the rest of the article keeps its server HTML (./article/StaticArticle.tsx). A module
 * registers its component when it is loaded, which happens before any page that uses it renders.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
const islands = new WeakSet<ComponentType<any>>();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
export function registerIsland<T extends ComponentType<any>>(component: T): T {
  islands.add(component);
  return component;
}

export function isIsland(type: unknown): boolean {
  return (
    (typeof type === 'function' || typeof type === 'object') && type !== null && islands.has(type as ComponentType)
  );
}
