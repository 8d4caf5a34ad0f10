// The API reference's docs plugin: @docusaurus/plugin-content-docs with one change. Every page of
// a docs instance loads its version's data, which lists each doc with its description; for the
// 300 API pages those descriptions are about 13 kB of gzip on every one of them, read by nothing
// (DocCard would, and the API reference has no card lists). Each page keeps its own description in
// its front matter and meta tags.
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import pluginContentDocs, {
  validateOptions,
  type LoadedContent,
  type PluginOptions,
} from '@docusaurus/plugin-content-docs';

export {validateOptions};

/** A doc as the version data lists it. */
interface VersionDoc {
  id: string;
  title: string;
  description?: string;
  sidebar?: string;
}

/** A route of the docs plugin, as far as the version data goes. */
export interface DocsRoute {
  path: string;
  props?: {version?: {docs?: Record<string, VersionDoc>}};
  routes?: DocsRoute[];
}

/** The route tree with the docs of any version data reduced to id, title and sidebar. */
export function withoutDocDescriptions<T extends DocsRoute>(route: T): T {
  const version = route.props?.version;
  const docs = version?.docs;
  const props = docs
    ? {
        ...route.props,
        version: {
          ...version,
          docs: Object.fromEntries(
            Object.entries(docs).map(([id, {id: docId, title, sidebar}]) => [id, {id: docId, title, sidebar}]),
          ),
        },
      }
    : route.props;
  return {...route, props, routes: route.routes?.map(withoutDocDescriptions)};
}

export default async function apiDocsPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  return {
    ...plugin,
    contentLoaded(args) {
      const addRoute = (route: RouteConfig) => args.actions.addRoute(withoutDocDescriptions(route));
      // The docs plugin always has a contentLoaded.
      return plugin.contentLoaded!({...args, actions: {...args.actions, addRoute}});
    },
  };
}
