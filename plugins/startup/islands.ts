import type {ComponentType} from 'react';

/**
 * The components that need React in an article (state, effects, event handlers) register here, when
 * their module loads: each hydrates as an island of its own while the rest of the article keeps its
 * server HTML (./article/StaticArticle.tsx). With the layer off, registering does nothing.
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
