import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import generated from './generated/api/sidebar';

type Item = (typeof generated)[number];

// The generator prefixes doc ids with the last folder of its output dir ("api/"), but this docs
// instance is rooted at that folder, so its doc ids carry no prefix.
const PREFIX = 'api/';

function unprefix<T>(node: T): T {
  if (Array.isArray(node)) return node.map(unprefix) as T;
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === 'id' && typeof value === 'string' && value.startsWith(PREFIX)
          ? value.slice(PREFIX.length)
          : unprefix(value);
    }
    return out as T;
  }
  return node;
}

const sidebars: SidebarsConfig = {
  apiSidebar: unprefix(generated as Item[]),
};

export default sidebars;
