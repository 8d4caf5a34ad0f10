import MDXComponents from '@theme-original/MDXComponents';
import {MarkdownTable} from '@site/src/components/ScrollRegion';
import {registerIsland} from '@site/plugins/startup/islands';

/**
 * Markdown tables scroll inside a keyboard-focusable region on narrow screens. Code blocks (copy
 * and word-wrap buttons), tables (that region) and collapsible details are islands of the article:
 * they hydrate on their own while the rest keeps its server HTML (plugins/startup).
 */
export default {
  ...MDXComponents,
  pre: registerIsland(MDXComponents.pre),
  details: registerIsland(MDXComponents.details),
  Details: registerIsland(MDXComponents.Details),
  table: registerIsland(MarkdownTable),
};
