import {createContext, useContext} from 'react';

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
 * The `highlighted` prop (JSON from the remark plugin) with the code it belongs to, or null when
 * absent or unreadable: the block is then highlighted in the browser instead.
 */
export function parseHighlighted(highlighted: unknown, code: string): HighlightedCode | null {
  if (typeof highlighted !== 'string') return null;
  try {
    const {language, html} = JSON.parse(highlighted) as Partial<HighlightedCode>;
    if (typeof language !== 'string' || typeof html !== 'string') return null;
    return {code: code.replace(/\r?\n$/, ''), language, html};
  } catch {
    return null;
  }
}
