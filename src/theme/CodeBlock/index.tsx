import {Children, isValidElement, useMemo, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import CodeBlockLayout from '@theme/CodeBlock/Layout';
import {useThemeConfig} from '@docusaurus/theme-common';
import {CodeBlockContextProvider, createCodeBlockMetadata} from '@docusaurus/theme-common/internal';
import {HighlightedCodeProvider, parseHighlighted} from '@site/src/components/HighlightedCode';
import {useCodeWordWrap} from '@site/src/hooks/useCodeWordWrap';
import {registerIsland} from '@site/plugins/startup/islands';

/** Plain strings are joined so the block can be highlighted and copied; elements are left as they are. */
function stringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** The theme's CodeBlock/Content/String, with a word-wrap state that does not force a layout. */
function StringContent({children, ...props}: Omit<Props, 'children'> & {children: string}): ReactNode {
  const {prism} = useThemeConfig();
  const metadata = createCodeBlockMetadata({
    code: children,
    className: props.className,
    metastring: props.metastring,
    magicComments: prism.magicComments,
    defaultLanguage: prism.defaultLanguage,
    language: props.language,
    title: props.title,
    showLineNumbers: props.showLineNumbers,
  });
  const wordWrap = useCodeWordWrap();
  return (
    <CodeBlockContextProvider metadata={metadata} wordWrap={wordWrap}>
      <CodeBlockLayout />
    </CodeBlockContextProvider>
  );
}

/**
 * The theme's CodeBlock, with three changes: it hands the build-time highlighting
 * (plugins/code-highlight) down to CodeBlock/Content, and it no longer re-mounts every block after
 * hydration. The theme did that to swap inline light/dark colours; the colours are CSS now. And its
 * word-wrap button is measured without forcing a layout (src/hooks/useCodeWordWrap.ts).
 */
function CodeBlock({children, highlighted, ...props}: Props & {highlighted?: string}): ReactNode {
  const code = stringifyChildren(children);
  const highlightedCode = useMemo(
    () => (typeof code === 'string' ? parseHighlighted(highlighted, code) : null),
    [highlighted, code],
  );
  if (typeof code !== 'string') return <ElementContent {...props}>{code}</ElementContent>;
  return (
    <HighlightedCodeProvider value={highlightedCode}>
      <StringContent {...props}>{code}</StringContent>
    </HighlightedCodeProvider>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(CodeBlock);
