// Markdown helpers of the API reference generator: descriptions become HTML at build time (so the
// pages need no Markdown renderer in the browser) or MDX text that the docs plugin renders itself.
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';
import type {NamedExample} from '../../src/lib/openapi/index.ts';

/** Links the spec writes as `pathname:///docs/…` (Docusaurus' escape hatch) are plain links in HTML. */
const PATHNAME_PREFIX = /pathname:\/\//g;

/** HTML of a Markdown description from the spec (raw HTML in the spec is escaped, not rendered). */
export function markdownToHtml(markdown: string | undefined): string {
  if (!markdown) return '';
  return micromark(String(markdown).replace(PATHNAME_PREFIX, ''), {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  }).trim();
}

/** The first sentence of a description as plain text, for the page's meta description. */
export function plainSummary(markdown: string | undefined, fallback: string): string {
  const text = String(markdown ?? '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return fallback;
  const sentence = text.match(/^.*?[.!?](\s|$)/)?.[0].trim() ?? text;
  return sentence.length > 160 ? `${sentence.slice(0, 157)}…` : sentence;
}

/**
 * Markdown from the spec made safe for MDX: outside code, `{`, `}` and `<` would start JSX
 * expressions or tags, so they are escaped; `<https://…>` links become ordinary Markdown links.
 */
export function markdownToMdx(markdown: string | undefined): string {
  if (!markdown) return '';
  const lines = String(markdown).split('\n');
  let fence: string | null = null;
  return lines
    .map((line) => {
      const marker = line.match(/^\s*(`{3,}|~{3,})/)?.[1];
      if (fence) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
        return line;
      }
      if (marker) {
        fence = marker;
        return line;
      }
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, index) =>
          index % 2 === 1 ? part : part.replace(/<(https?:\/\/[^>\s]+)>/g, '[$1]($1)').replace(/([{}<])/g, '\\$1'),
        )
        .join('');
    })
    .join('\n');
}

/** A JavaScript/JSON literal safe to place in an MDX JSX attribute. */
export function jsxProp(value: unknown): string {
  return `{${JSON.stringify(value).replace(/</g, '\\u003c')}}`;
}

/** A string safe inside a double-quoted YAML front-matter value. */
export function yamlString(value: unknown): string {
  return JSON.stringify(String(value));
}

/** A Markdown code fence longer than any run of backticks inside `code`. */
export function codeFence(language: string, code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

/** Named examples as bold captions ("**Example: A blue widget**") over JSON code blocks. */
export function examplesMdx(examples: NamedExample[], headingLabel: string): string {
  return examples
    .map(
      (example) =>
        `**${headingLabel}: ${markdownToMdx(example.summary)}**\n\n${codeFence('json', JSON.stringify(example.value, null, 2))}`,
    )
    .join('\n\n');
}
