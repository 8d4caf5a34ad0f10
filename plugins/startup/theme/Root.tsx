import type {ReactNode} from 'react';
import {FiberProvider} from 'its-fine';

/**
 * The app's root (Docusaurus renders an empty one): its-fine's FiberProvider lets an article's
 * islands carry the app's contexts into their own React roots (../article/StaticArticle.tsx).
 */
export default function Root({children}: {children: ReactNode}): ReactNode {
  return <FiberProvider>{children}</FiberProvider>;
}
