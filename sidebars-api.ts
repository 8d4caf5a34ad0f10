import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import generated from './generated/api/sidebar';

// scripts/api-reference/generate.mts writes the API sidebar: the overview, then one category per
// tag (linked to the tag page) listing its operations with their method badge classes.
const sidebars: SidebarsConfig = {
  apiSidebar: generated,
};

export default sidebars;
