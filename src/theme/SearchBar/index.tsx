import type {ReactNode} from 'react';
import SearchBox from '@site/src/components/SearchBox';

/** The navbar's `type: 'search'` item (and the home page's box): our own lazy-loading search. */
export default function SearchBar(): ReactNode {
  return <SearchBox />;
}
