// Remark plugin: highlights every fenced code block at build time. The tokens travel to
// @theme/CodeBlock as the `highlighted` prop (with the language they were made for), so the browser
// joins them into markup instead of running Prism.
import type {Root} from 'mdast';
import type {Transformer} from 'unified';
import {visit} from 'unist-util-visit';
import {tokenLinesToHtml} from '../../src/components/HighlightedCode/tokenLines.ts';
import {highlightTokens, loadLanguages} from './highlight.mts';

export interface RemarkCodeHighlightOptions {
  /** Prism components to add (themeConfig.prism.additionalLanguages). */
  languages?: string[];
}

export default function remarkCodeHighlight({languages = []}: RemarkCodeHighlightOptions = {}): Transformer<Root> {
  loadLanguages(languages);
  return (tree) => {
    visit(tree, 'code', (node) => {
      // Mermaid blocks become diagrams (plugins/mermaid); untyped blocks are plain text in the theme.
      const language = node.lang ?? 'text';
      if (language === 'mermaid') return;
      const tokens = highlightTokens(node.value, language);
      // The browser cuts each token's text from the code; tokens that do not add up would show nothing.
      if (tokenLinesToHtml(node.value, tokens) === null)
        throw new Error(`[code-highlight] the ${language} tokens of a code block do not add up to its code`);
      node.data ??= {};
      node.data.hProperties = {...node.data.hProperties, highlighted: JSON.stringify({language, ...tokens})};
    });
  };
}
