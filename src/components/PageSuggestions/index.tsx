import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useLocation} from '@docusaurus/router';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import {pathWords, suggestPages, type SitePage} from './suggest';
import styles from './styles.module.css';

function useSitePages(baseUrl: string): SitePage[] {
  const allDocs = useAllDocsData();
  return Object.values(allDocs).flatMap((plugin) =>
    plugin.versions.flatMap((version) =>
      version.docs.map((doc) => {
        const path = doc.path.startsWith(baseUrl) ? `/${doc.path.slice(baseUrl.length)}` : doc.path;
        return {path, title: doc.id.split('/').pop() ?? doc.id};
      }),
    ),
  );
}

/**
 * On the not-found page: the pages whose address is closest to the missing one, and a link to the
 * search page with the address's words already typed in. Computed in the browser, where the
 * missing address is known (the 404 page itself is one static file).
 */
export default function PageSuggestions(): ReactNode {
  const isBrowser = useIsBrowser();
  const {pathname} = useLocation();
  const baseUrl = useBaseUrl('/');
  const pages = useSitePages(baseUrl);
  // The server renders the box empty, at its usual height, so the footer does not move when the
  // suggestions arrive (layout shift).
  if (!isBrowser) return <div className={styles.suggestions} />;
  const suggestions = suggestPages(pathname, pages, 5, baseUrl);
  const terms = pathWords(pathname, baseUrl).join(' ');
  return (
    <div className={styles.suggestions}>
      {suggestions.length > 0 && (
        <>
          <p>Pages with a similar address:</p>
          <ul>
            {suggestions.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title}</Link> <code>{decodeURI(page.path)}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={`/search?q=${encodeURIComponent(terms)}`}>
          Search the documentation{terms ? ` for “${terms}”` : ''}
        </Link>
      </p>
    </div>
  );
}
