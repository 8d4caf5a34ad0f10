import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import MDXContent from '@theme/MDXContent';
import type {Props} from '@theme/DocItem/Content';
import StaticArticle from '../../../article/StaticArticle';

/**
 * The title, unless the front matter hides it or the Markdown starts with its own (the theme's
 * "synthetic title").
 */
function useSyntheticTitle(): string | null {
  const {metadata, frontMatter, contentTitle} = useDoc();
  return !frontMatter.hide_title && typeof contentTitle === 'undefined' ? metadata.title : null;
}

/**
 * The theme's DocItem/Content with one change: the article is a StaticArticle, whose server HTML is
 * adopted without hydration on a page's first load, only its interactive parts hydrating as islands.
 * The MDX components' provider moves outside the article's element, which it does not render.
 */
export default function DocItemContent({children}: Props): ReactNode {
  const syntheticTitle = useSyntheticTitle();
  return (
    <MDXContent>
      <StaticArticle
        className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}
        header={
          syntheticTitle && (
            <header>
              <Heading as="h1">{syntheticTitle}</Heading>
            </header>
          )
        }
        content={children}
      />
    </MDXContent>
  );
}
