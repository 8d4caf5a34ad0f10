import type {ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Buttons';
import CodeBlockButtonsOriginal from '@theme-original/CodeBlock/Buttons';
import {useDeferredMount} from '@site/src/hooks/useDeferredMount';

/**
 * The copy and word-wrap buttons, built after hydration as a transition. The theme leaves them out
 * of the server HTML and builds those of every block on the page in the re-render that follows
 * hydration (150 components on a long guide), the page's longest task after the scripts' own start.
 */
export default function CodeBlockButtons(props: Props): ReactNode {
  return useDeferredMount() ? <CodeBlockButtonsOriginal {...props} /> : null;
}
