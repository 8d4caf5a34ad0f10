import {createContext, useContext} from 'react';
import {tokenLinesToHtml, type TokenLines} from './tokenLines';

/** A code block's markup as plugins/code-highlight made it at build time. */
export interface HighlightedCode {
  /** The code it was made from, as @theme/CodeBlock's metadata holds it (no final line break). */
  code: string;
  language: string;
  /** Inner HTML of the block's `<code>`: the `token-line` elements. */
  html: string;
}

const HighlightedCodeContext = createContext<HighlightedCode | null>(null);

export const HighlightedCodeProvider = HighlightedCodeContext.Provider;

export function useHighlightedCode(): HighlightedCode | null {
  return useContext(HighlightedCodeContext);
}

/**
 * The `highlighted` prop (JSON from the remark plugin) joined into markup with the code it belongs
 * to, or null when absent, unreadable or made for other code: the block is then highlighted in the
 * browser instead.
 */
export function parseHighlighted(highlighted: unknown, code: string): HighlightedCode | null {
  if (typeof highlighted !== 'string') return null;
  try {
    const {language, types, lines} = JSON.parse(highlighted) as Partial<TokenLines & {language: string}>;
    if (typeof language !== 'string' || !Array.isArray(types) || !Array.isArray(lines)) return null;
    const lineCode = code.replace(/\r?\n$/, '');
    const html = tokenLinesToHtml(lineCode, {types, lines});
    return html === null ? null : {code: lineCode, language, html};
  } catch {
    return null;
  }
}
