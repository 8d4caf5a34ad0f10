// Build-time syntax highlighting. Code blocks are tokenized once, in Node, with the Prism that
// prism-react-renderer bundles (plus the languages of `themeConfig.prism.additionalLanguages`), so
// the browser receives ready markup and never downloads or runs Prism.
import {createRequire} from 'node:module';
import {Prism, normalizeTokens} from 'prism-react-renderer';

const require = createRequire(import.meta.url);

/** Adds Prism components (`bash`, `http`, …) to the bundled Prism, as the theme does in the browser. */
export function loadLanguages(languages: readonly string[]): void {
  // Prism's components register themselves on the global `Prism`.
  const scope = globalThis as {Prism?: typeof Prism};
  const before = scope.Prism;
  scope.Prism = Prism;
  try {
    for (const language of languages) {
      if (!Prism.languages[language]) require(`prismjs/components/prism-${language}`);
    }
  } finally {
    if (before === undefined) delete scope.Prism;
    else scope.Prism = before;
  }
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => ESCAPES[char]);

/**
 * The inner HTML of a code block's `<code>`: one `token-line` per line, each token a
 * `<span class="token …">`, the markup @theme/CodeBlock renders, without inline colours (the
 * theme colours come from CSS, so one markup serves light and dark mode). An unknown language is
 * plain text, as in the theme.
 */
export function highlightToHtml(code: string, language: string): string {
  const grammar = Prism.languages[language];
  const tokens = grammar ? Prism.tokenize(code, grammar) : [code];
  return normalizeTokens(tokens)
    .map((line) => {
      // A line holding only "\n" renders empty, then the <br> (as @theme/CodeBlock/Line does).
      const tokensOfLine = line.length === 1 && line[0].content === '\n' ? [{...line[0], content: ''}] : line;
      const spans = tokensOfLine
        .map((token) => `<span class="token ${token.types.join(' ')}">${escapeHtml(token.content)}</span>`)
        .join('');
      return `<div class="token-line">${spans}<br></div>`;
    })
    .join('');
}
