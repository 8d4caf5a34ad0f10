// The search results page comes from the search plugin's theme (plugins/search/theme/SearchPage):
// it is routed here, by the pages plugin, so that the page stays what it was (see handbook/architecture.md › Search).
export {default} from '@theme/SearchPage';
