import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import SearchBar from '@theme/SearchBar';
import HomeCards from '@site/src/components/HomeCards';
import PageHead from '@site/src/components/PageHead';
import {brand} from '@site/src/brand';
import styles from './index.module.css';

/** The home page's task links: label, then the page it opens. */
const popularTasks: Record<string, string> = {
  'Connect a CDN account': '/Guides/CDN Providers/Add a CDN Provider to your Account',
  'Create a service': '/Guides/Services/Creating a Service',
  'Point your DNS at Tributary': '/Guides/Services/Configuring DNS',
  'Split traffic between CDNs': '/Guides/Traffic Management/Creating a Traffic Policy',
  'Move production traffic in stages': '/Guides/Traffic Management/Moving Traffic to Tributary',
  'Find which CDN served a request': '/Guides/Testing/Identifying Provider',
  'Stream access logs to S3': '/Guides/Streaming Logs/Streaming of Access Logs',
  'Create an API access token': '/Guides/Account Settings/Access Token',
};

export default function Home(): ReactNode {
  return (
    <Layout
      title="Home"
      description={`${brand.productName} documentation: guides and API reference for multi-CDN orchestration and traffic management.`}
    >
      <PageHead breadcrumbs={[{name: 'Home', path: '/'}]} />
      <main className={styles.main}>
        <header className={styles.hero}>
          <Heading as="h1" className={styles.title}>
            {brand.siteTitle}
          </Heading>
          <p className={styles.lead}>
            {brand.productName} connects your own CDN accounts and deploys one service configuration to all of them. Its
            DNS then steers each user to the best CDN by geography, network, performance, cost and health.
          </p>
          <p className={styles.lead}>
            New to {brand.productName}? Follow the <Link to="/Guides/Tutorial Steps">Tutorial</Link> (dashboard, about
            an hour) — or, to automate, the <Link to="/Getting started/Step by Step Configuration">API quickstart</Link>{' '}
            (15 minutes).
          </p>
          <div className={styles.search} role="search" aria-label="Search the documentation">
            <SearchBar />
          </div>
        </header>
        <HomeCards />
        <section className={styles.popular} aria-labelledby="popular-tasks">
          <Heading as="h2" id="popular-tasks">
            Popular tasks
          </Heading>
          <ul className={styles.taskList}>
            {Object.entries(popularTasks).map(([label, to]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </Layout>
  );
}
