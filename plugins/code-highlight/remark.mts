// Remark plugin: highlights every fenced code block at build time. The markup travels to
// @theme/CodeBlock as the `highlighted` prop (with the language it was made for), so the browser
// renders it as is instead of running Prism.
import type {Root} from 'mdast';
import type {Transformer} from 'unified';
import {visit} from 'unist-util-visit';
import {highlightToHtml, loadLanguages} from './highlight.mts';

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
      node.data ??= {};
      node.data.hProperties = {
        ...node.data.hProperties,
        highlighted: JSON.stringify({language, html: highlightToHtml(node.value, language)}),
      };
    });
  };
}
