// The API reference's docs plugin: @docusaurus/plugin-content-docs with one change. Every page of
// a docs instance loads its version's data, which lists each doc with its description; for the
// 300 API pages those descriptions are about 13 kB of gzip on every one of them, read by nothing
// (DocCard would, and the API reference has no card lists). Each page keeps its own description in
// its front matter and meta tags.
import pluginContentDocs, {validateOptions} from '@docusaurus/plugin-content-docs';

export {validateOptions};

/** The route tree with the docs of any version data reduced to id, title and sidebar. */
export function withoutDocDescriptions(route) {
  const docs = route.props?.version?.docs;
  const props = docs
    ? {
        ...route.props,
        version: {
          ...route.props.version,
          docs: Object.fromEntries(
            Object.entries(docs).map(([id, {id: docId, title, sidebar}]) => [id, {id: docId, title, sidebar}]),
          ),
        },
      }
    : route.props;
  return {...route, props, routes: route.routes?.map(withoutDocDescriptions)};
}

export default async function apiDocsPlugin(context, options) {
  const plugin = await pluginContentDocs(context, options);
  return {
    ...plugin,
    contentLoaded(args) {
      const addRoute = (route) => args.actions.addRoute(withoutDocDescriptions(route));
      return plugin.contentLoaded({...args, actions: {...args.actions, addRoute}});
    },
  };
}
