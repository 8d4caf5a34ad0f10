import {lazy, Suspense, useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import {useHighlightedCode} from '@site/src/components/HighlightedCode';
import styles from './styles.module.css';

/** Languages Prism leaves as they are: their lines need no highlighter. */
const PLAIN_LANGUAGES = new Set(['text', 'plain', 'plaintext', 'txt', 'none']);

const loadBrowserHighlighter = () => import('@site/src/components/HighlightedCode/BrowserHighlighted');
const BrowserHighlighted = lazy(loadBrowserHighlighter);

/**
 * Whether the theme's highlighter has loaded, for blocks without build-time markup (a CodeBlock
 * given a string at run time in a language to highlight, or a block using line numbers or magic
 * comments). It loads after hydration, so server and first client render agree; until then, or if
 * it cannot load, the code shows as plain text.
 */
function useBrowserHighlighter(needed: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!needed) return undefined;
    let current = true;
    loadBrowserHighlighter()
      .then(() => current && setLoaded(true))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [needed]);
  return loaded;
}

/** The `<pre>` of the theme's code block: focusable, since it can scroll sideways, and wrappable. */
function Pre({className, children}: {className?: string; children: ReactNode}): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  return (
    <pre
      // Passing the word-wrap ref on is not reading it; the rule mistakes the one for the other.
      // eslint-disable-next-line react-hooks/refs
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${metadata.language}`, styles.codeBlock, 'thin-scrollbar')}
    >
      {children}
    </pre>
  );
}

/** The code block's lines: the markup made at build time, or the theme's highlighter as a fallback. */
export default function CodeBlockContent({className}: Props): ReactNode {
  const {metadata} = useCodeBlockContext();
  const highlighted = useHighlightedCode();
  const prebuilt =
    highlighted !== null &&
    highlighted.code === metadata.code &&
    highlighted.language === metadata.language &&
    metadata.lineNumbersStart === undefined &&
    Object.keys(metadata.lineClassNames).length === 0;
  const browserHighlighted = useBrowserHighlighter(!prebuilt && !PLAIN_LANGUAGES.has(metadata.language));
  if (!prebuilt) {
    const plain = (
      <Pre className={className}>
        <code className={styles.codeBlockLines}>
          {metadata.code.split('\n').map((line, index) => (
            // Lines are only ever rendered whole, in order: the index is their identity.
            <div key={index} className="token-line">
              <span className="token plain">{line}</span>
              <br />
            </div>
          ))}
        </code>
      </Pre>
    );
    if (!browserHighlighted) return plain;
    return (
      <Suspense fallback={plain}>
        <BrowserHighlighted className={className} />
      </Suspense>
    );
  }
  return (
    <Pre className={className}>
      {/* Markup made by plugins/code-highlight from the page's own source, escaped there. */}
      <code className={styles.codeBlockLines} dangerouslySetInnerHTML={{__html: highlighted.html}} />
    </Pre>
  );
}
