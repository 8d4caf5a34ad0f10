// Docusaurus's `extractLeadingEmoji` (`theme-common/lib/utils/emojiUtils`), which `DocCard` calls for
// the label of every card and which this module replaces, answering the same. Docusaurus segments
// each label into graphemes and tests the first against `/^\p{RGI_Emoji}$/v`, a pattern whose first
// compilation took some 150 ms at 4x CPU on a category page (issue 26). A label whose first two
// characters are ASCII cannot start with an emoji (its first grapheme is ASCII alone), so it needs
// neither; the segmenter is built on first use rather than when main.js is evaluated.

const isAscii = (character: string) => character.charCodeAt(0) < 0x80;
let segmenter: Intl.Segmenter | undefined;
let emojiPattern: RegExp | undefined;

/** Splits "⚠️ Hello" into "⚠️" and " Hello"; a label that does not start with an emoji has none. */
export function extractLeadingEmoji(input: string): {emoji: string | null; rest: string} {
  const asciiStart = input === '' || (isAscii(input[0]) && (input.length === 1 || isAscii(input[1])));
  if (asciiStart) return {emoji: null, rest: input};
  segmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
  const grapheme = segmenter.segment(input)[Symbol.iterator]().next().value?.segment;
  // An emoji, a flag or a ZWJ sequence, but not a bare digit (see Docusaurus's pull request 12072).
  // Built from a string: TypeScript accepts the `v` flag in a literal only when targeting ES2024.
  emojiPattern ??= new RegExp('^\\p{RGI_Emoji}$', 'v');
  if (!grapheme || !emojiPattern.test(grapheme)) return {emoji: null, rest: input};
  return {emoji: grapheme, rest: input.slice(grapheme.length)};
}
