import type {ReactNode} from 'react';
import MDXPage from '@theme-original/MDXPage';
import type MDXPageType from '@theme/MDXPage';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import PageHead from '@site/src/components/PageHead';

type Props = WrapperProps<typeof MDXPageType>;

/** Standalone Markdown pages (`src/pages/*.md`) get the Markdown link and breadcrumbs that doc pages have. */
export default function MDXPageWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  const sitePath = decodeURI(pathname).slice(siteConfig.baseUrl.length - 1);
  return (
    <>
      <PageHead
        breadcrumbs={[
          {name: 'Home', path: '/'},
          {name: props.content.metadata.title ?? siteConfig.title, path: sitePath},
        ]}
      />
      <MDXPage {...props} />
    </>
  );
}
