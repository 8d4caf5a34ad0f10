import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import SearchBar from '@theme/SearchBar';
import HomeCards from '@site/src/components/HomeCards';
import PageHead from '@site/src/components/PageHead';
import {brand} from '@site/src/brand';
import styles from './index.module.css';

const popularTasks = [
  {label: 'Connect a CDN account', to: '/Guides/CDN Providers/Add a CDN Provider to your Account'},
  {label: 'Create a service', to: '/Guides/Services/Creating a Service'},
  {label: 'Point your DNS at Tributary', to: '/Guides/Services/Configuring DNS'},
  {label: 'Split traffic between CDNs', to: '/Guides/Traffic Management/Creating a Traffic Policy'},
  {label: 'Move production traffic in stages', to: '/Guides/Traffic Management/Moving Traffic to Tributary'},
  {label: 'Find which CDN served a request', to: '/Guides/Testing/Identifying Provider'},
  {label: 'Stream access logs to S3', to: '/Guides/Streaming Logs/Streaming of Access Logs'},
  {label: 'Create an API access token', to: '/Guides/Account Settings/Access Token'},
];

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
            {popularTasks.map((task) => (
              <li key={task.to}>
                <Link to={task.to}>{task.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </Layout>
  );
}
