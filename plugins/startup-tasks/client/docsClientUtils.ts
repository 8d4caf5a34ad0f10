// Docusaurus's docs client helpers (`plugin-content-docs/lib/client/docsClientUtils`), which the
// plugin's hooks import and this module replaces, with one change: finding the doc at an address.
// Docusaurus runs react-router's `matchPath` on every doc of the active version, and the first run
// compiles a regular expression for each (90 guides, 305 API pages), some 40 ms at 4x CPU when the
// navbar hydrates (issue 26). A doc's path is nearly always plain text, and then a comparison of
// strings answers exactly as the regular expression would; other paths still go to `matchPath`.
import type {
  ActiveDocContext,
  DocVersionSuggestions,
  GlobalPluginData,
  GlobalVersion,
} from '@docusaurus/plugin-content-docs/client';
// With its extension: the alias matches the address without one, as the plugin's hooks write it.
import {getActiveVersion, getLatestVersion} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
import {isDocAt} from './isDocAt';

export {
  getActivePlugin,
  getActiveVersion,
  getLatestVersion,
} from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
type GlobalDoc = GlobalVersion['docs'][number];

export function getActiveDocContext(data: GlobalPluginData, pathname: string): ActiveDocContext {
  const activeVersion = getActiveVersion(data, pathname);
  const activeDoc = activeVersion?.docs.find((doc) => isDocAt(doc.path, pathname));
  const alternateDocVersions: Record<string, GlobalDoc> = {};
  if (activeDoc) {
    for (const version of data.versions) {
      const doc = version.docs.find(({id}) => id === activeDoc.id);
      if (doc) alternateDocVersions[version.name] = doc;
    }
  }
  return {activeVersion, activeDoc, alternateDocVersions};
}

export function getDocVersionSuggestions(data: GlobalPluginData, pathname: string): DocVersionSuggestions {
  const latestVersion = getLatestVersion(data);
  const latestDocSuggestion = getActiveDocContext(data, pathname).alternateDocVersions[latestVersion.name];
  return {latestDocSuggestion, latestVersionSuggestion: latestVersion};
}
