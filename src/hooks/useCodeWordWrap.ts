import {startTransition, useCallback, useEffect, useRef, useState} from 'react';
import type {useCodeWordWrap as useThemeCodeWordWrap} from '@docusaurus/theme-common/internal';

type WordWrap = ReturnType<typeof useThemeCodeWordWrap>;

/**
 * The theme's word-wrap state for a code block (`useCodeWordWrap`), measured without forcing a
 * layout. The theme reads the block's `scrollWidth` in an effect right after hydration, which made
 * the browser lay the whole page out again inside hydration's longest task, once per page. A
 * ResizeObserver is told the sizes after the browser's own layout, and also covers what the theme
 * watched separately: window resizes and a block in a tab panel becoming visible.
 */
export function useCodeWordWrap(): WordWrap {
  const codeBlockRef = useRef<HTMLPreElement>(null);
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);

  useEffect(() => {
    let observed: HTMLPreElement | null = null;
    const observer = new ResizeObserver(() => {
      // A block highlighted late (after hydration) gets a new <pre>: the removal of the old one
      // reports here, and the new one is observed from then on.
      if (codeBlockRef.current !== observed) observe(codeBlockRef.current);
      const pre = observed;
      if (!pre) return;
      const scrollable = pre.scrollWidth > pre.clientWidth;
      // The word-wrap button is not urgent: showing it must not hold up the page.
      startTransition(() => setIsCodeScrollable(scrollable));
    });
    // The <pre> changes size with the page; its <code> (floated, at least as wide) with the text.
    function observe(pre: HTMLPreElement | null) {
      observer.disconnect();
      observed = pre;
      if (!pre) return;
      observer.observe(pre);
      const code = pre.querySelector('code');
      if (code) observer.observe(code);
    }
    observe(codeBlockRef.current);
    return () => observer.disconnect();
  }, []);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) {
      code.removeAttribute('style');
    } else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long tokens (URLs, keys) must wrap too, or the block still scrolls.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled(!isEnabled);
  }, [isEnabled]);

  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
