import type {ComponentType, ReactNode} from 'react';
// The theme's own creator, by file: the alias `@docusaurus/ComponentCreator` now points here.
import createRouteComponent from '@docusaurus/core/lib/client/exports/ComponentCreator';

type RouteProps = Record<string, unknown>;
type Loadable = ComponentType<RouteProps> & {preload?: () => Promise<unknown>};

/**
 * A route's component as the route table expects it (a component with `preload()`), whose
 * react-loadable component is created on first use. The extra component renders no element, so
 * the server's markup and the client's tree still match.
 */
export default function ComponentCreator(routePath: string, hash?: string): Loadable {
  let created: Loadable | undefined;
  const loadable = (): Loadable => (created ??= createRouteComponent(routePath, hash as string) as Loadable);
  const RouteComponent = (props: RouteProps): ReactNode => {
    const Created = loadable();
    // eslint-disable-next-line react-hooks/static-components -- created once per route and kept, the same component on every render
    return <Created {...props} />;
  };
  RouteComponent.preload = () => loadable().preload?.() ?? Promise.resolve();
  return RouteComponent;
}
