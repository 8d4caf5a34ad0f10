// Build-time syntax highlighting. Code blocks are tokenized once, in Node, with the Prism that
// prism-react-renderer bundles (plus the languages of `themeConfig.prism.additionalLanguages`), so
// the browser receives the tokens, joins them into markup and never downloads or runs Prism.
import {createRequire} from 'node:module';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import type {TokenLines} from '../../src/components/HighlightedCode/tokenLines.ts';

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

/**
 * A block's tokens in the compact form pages carry (src/components/HighlightedCode/tokenLines.ts).
 * An unknown language is plain text, as in the theme.
 */
export function highlightTokens(code: string, language: string): TokenLines {
  const grammar = Prism.languages[language];
  const tokens = grammar ? Prism.tokenize(code, grammar) : [code];
  const types: string[] = [];
  const typeIndex = (type: string): number => {
    const known = types.indexOf(type);
    return known >= 0 ? known : types.push(type) - 1;
  };
  const lines = normalizeTokens(tokens).map((line) =>
    line.flatMap((token) => [
      typeIndex(token.types.join(' ')),
      // A line holding only "\n" is an empty line (as @theme/CodeBlock/Line renders it).
      token.content === '\n' ? 0 : token.content.length,
    ]),
  );
  return {types, lines};
}
