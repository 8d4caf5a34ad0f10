/** A route of the docs plugin, as far as the version data goes. */
export interface DocsRoute {
  path: string;
  props?: {version?: {docs?: Record<string, {id: string; title: string; description?: string; sidebar?: string}>}};
  routes?: DocsRoute[];
}

export function withoutDocDescriptions<T extends DocsRoute>(route: T): T;
