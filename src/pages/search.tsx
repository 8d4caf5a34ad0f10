import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import SearchResults from '@site/src/components/SearchResults';

export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search" description="Search the Tributary guides and API reference." noFooter={false}>
      <main className="container margin-vert--lg">
        <Heading as="h1">Search the documentation</Heading>
        <SearchResults />
      </main>
    </Layout>
  );
}
