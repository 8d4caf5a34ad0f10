import {Children, isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import {HighlightedCodeProvider, parseHighlighted} from '@site/src/components/HighlightedCode';

/** Plain strings are joined so the block can be highlighted and copied; elements are left as they are. */
function stringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * The theme's CodeBlock, with two changes: it hands the build-time highlighting
 * (plugins/code-highlight) down to CodeBlock/Content, and it no longer re-mounts every block after
 * hydration. The theme did that to swap inline light/dark colours; the colours are CSS now.
 */
export default function CodeBlock({children, highlighted, ...props}: Props & {highlighted?: string}): ReactNode {
  const code = stringifyChildren(children);
  if (typeof code !== 'string') return <ElementContent {...props}>{code}</ElementContent>;
  return (
    <HighlightedCodeProvider value={parseHighlighted(highlighted, code)}>
      <StringContent {...props}>{code}</StringContent>
    </HighlightedCodeProvider>
  );
}
