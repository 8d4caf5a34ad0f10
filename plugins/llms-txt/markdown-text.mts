// Small Markdown writers of the API reference's Markdown twin: table cells, inline code, values.

/** Text for one table cell: one line, pipes escaped. */
export const cell = (value: unknown): string =>
  String(value ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll('|', '\\|')
    .trim();

/** Inline code that may itself contain backticks (CommonMark: a longer fence, padded with spaces). */
export function code(value: unknown): string {
  const text = String(value);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return longest ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

export const json = (value: unknown): string => JSON.stringify(value);

/** A value as written in a request: strings bare, anything else as JSON. */
export const literal = (value: unknown): string => (typeof value === 'string' ? value : json(value));

/** The first sentence of a Markdown description, with links reduced to their text. */
export function summarize(markdown = ''): string {
  const plain = markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const match = plain.match(/^(.+?[.!?])(\s|$)/);
  return match ? match[1] : plain;
}
