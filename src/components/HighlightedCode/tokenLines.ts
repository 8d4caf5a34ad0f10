// The form in which a code block's build-time highlighting travels in a page's chunk
// (plugins/code-highlight writes it, CodeBlock reads it). Token types and lengths only: the text
// is cut from the code the block already carries, so a long sample is not shipped twice, nor
// wrapped in markup that every page's JavaScript would have to carry.

/** A code block's Prism tokens, line by line. */
export interface TokenLines {
  /** The distinct type lists of the block's tokens, each space-separated ("punctuation", "string url"). */
  types: string[];
  /** One entry per line of the code: pairs of (index in `types`, length of the token's text). */
  lines: number[][];
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'};
const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => ESCAPES[char]);

/**
 * The inner HTML of the block's `<code>`: one `token-line` per line, each coloured token a
 * `<span class="token …">`, as @theme/CodeBlock renders them (without inline colours: they come
 * from CSS). Plain text is left bare and empty tokens are dropped: the block's own colour is the
 * plain one, and a span per indent and line end made up a third of a long JSON sample's markup,
 * which every reader's browser parses and lays out. Null when the tokens do not add up to the code,
 * so a block never shows wrong text.
 */
export function tokenLinesToHtml(code: string, {types, lines}: TokenLines): string | null {
  const codeLines = code.split('\n');
  if (codeLines.length !== lines.length) return null;
  let html = '';
  for (const [lineIndex, pairs] of lines.entries()) {
    const text = codeLines[lineIndex];
    let offset = 0;
    html += '<div class="token-line">';
    for (let pair = 0; pair + 1 < pairs.length; pair += 2) {
      const type = types[pairs[pair]];
      const length = pairs[pair + 1];
      if (type === undefined || !(length >= 0) || offset + length > text.length) return null;
      const tokenText = escapeHtml(text.slice(offset, offset + length));
      if (type === 'plain') html += tokenText;
      else if (length > 0) html += `<span class="token ${type}">${tokenText}</span>`;
      offset += length;
    }
    if (offset !== text.length) return null;
    html += '<br></div>';
  }
  return html;
}
