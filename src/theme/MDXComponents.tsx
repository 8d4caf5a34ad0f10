import MDXComponents from '@theme-original/MDXComponents';
import {MarkdownTable} from '@site/src/components/ScrollRegion';

/** Markdown tables scroll inside a keyboard-focusable region on narrow screens. */
export default {...MDXComponents, table: MarkdownTable};
