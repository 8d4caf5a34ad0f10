// The API reference's docs plugin: @docusaurus/plugin-content-docs with two changes.
// - Every page of a docs instance loads its version's data, which lists each doc with its id, title,
//   sidebar and description: for the 300 API pages about 17 kB of gzip on every one of them. Only
//   DocCard reads that list (useDocById), and the API reference has no card lists (index.test.mts
//   checks), so the API's version data lists no docs. Each page keeps its own title and description
//   in its metadata, front matter and meta tags.
// - A page's body schemas are imported from `@api-page-schemas/<page>`: the JSON itself on the
//   server, a module that loads it apart in the browser (scripts/api-reference/page-schemas.mts).
import path from 'node:path';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import pluginContentDocs, {
  validateOptions,
  type LoadedContent,
  type PluginOptions,
} from '@docusaurus/plugin-content-docs';
import {PAGE_SCHEMAS_ALIAS, SCHEMA_DATA_DIR, SCHEMA_LOADER_DIR} from '../../scripts/api-reference/page-schemas.mts';

export {validateOptions};

/** A route of the docs plugin, as far as the version data goes. */
export interface DocsRoute {
  path: string;
  props?: {version?: {docs?: Record<string, unknown>}};
  routes?: DocsRoute[];
}

/** The route tree with no docs listed in any version data. */
export function withoutVersionDocs<T extends DocsRoute>(route: T): T {
  const version = route.props?.version;
  const props = version?.docs ? {...route.props, version: {...version, docs: {}}} : route.props;
  return {...route, props, routes: route.routes?.map(withoutVersionDocs)};
}

export default async function apiDocsPlugin(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<LoadedContent>> {
  const plugin = await pluginContentDocs(context, options);
  return {
    ...plugin,
    contentLoaded(args) {
      const addRoute = (route: RouteConfig) => args.actions.addRoute(withoutVersionDocs(route));
      // The docs plugin always has a contentLoaded.
      return plugin.contentLoaded!({...args, actions: {...args.actions, addRoute}});
    },
    configureWebpack(config, isServer, utils, content) {
      // The docs plugin always configures webpack (its MDX loader).
      const docs = plugin.configureWebpack!(config, isServer, utils, content) ?? {};
      const apiDir = path.resolve(context.siteDir, options.path);
      const schemas = path.join(apiDir, isServer ? SCHEMA_DATA_DIR : SCHEMA_LOADER_DIR);
      return {
        ...docs,
        // In the browser each page's schema JSON is a file of the build, fetched (lazy.ts): under
        // assets/ (served as immutable) and named like its page. No other module is an asset
        // without a name of its own (Docusaurus names images and fonts).
        ...(isServer ? {} : {output: {assetModuleFilename: 'assets/data/[name].[contenthash:8][ext]'}}),
        resolve: {...docs.resolve, alias: {...docs.resolve?.alias, [PAGE_SCHEMAS_ALIAS]: schemas}},
      };
    },
  };
}
