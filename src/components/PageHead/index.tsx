import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {MarkdownAlternateLink} from '@site/src/components/PageActions';

export interface Crumb {
  name: string;
  /** Site path under the base URL, such as `/` or `/markdown-page`. */
  path: string;
}

/**
 * Head metadata that doc pages get from the theme and standalone pages (home, `src/pages/*.md`) do
 * not: the link to the page's Markdown version and BreadcrumbList structured data.
 */
export default function PageHead({breadcrumbs}: {breadcrumbs: Crumb[]}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const absolute = (sitePath: string) =>
    `${siteConfig.url}${encodeURI(`${siteConfig.baseUrl}${sitePath.replace(/^\//, '')}`)}`;
  const structuredData = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  };
  return (
    <>
      <MarkdownAlternateLink />
      <Head>
        <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
      </Head>
    </>
  );
}
