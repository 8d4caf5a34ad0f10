import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {API_OVERVIEW_ID, apiRoute} from '@site/src/lib/site';
import styles from './styles.module.css';

export interface HomeCard {
  title: string;
  to: string;
  description: string;
}

export const homeCards: readonly HomeCard[] = [
  {
    title: 'Getting started',
    to: '/category/getting-started',
    description:
      'How Tributary steers traffic with DNS, the security it adds, and a 15-minute API quickstart to two CDNs.',
  },
  {
    title: 'Guides by task',
    to: '/category/guides',
    description: 'Connect CDN accounts, build services, steer and secure traffic, stream logs and monitor providers.',
  },
  {
    title: 'Products',
    to: '/category/products',
    description: 'CDN orchestration, traffic split, unified observability and rate limiting, and the release notes.',
  },
  {
    title: 'API reference',
    to: apiRoute(API_OVERVIEW_ID),
    description: 'Every operation of the Tributary API with request samples, schemas and a request panel to try them.',
  },
];

/** Entry cards of the home page: one per top-level part of the documentation. */
export default function HomeCards({cards = homeCards}: {cards?: readonly HomeCard[]}): ReactNode {
  return (
    <nav aria-label="Documentation sections" className={styles.grid}>
      {cards.map((card) => (
        <Link key={card.to} to={card.to} className={styles.card}>
          <Heading as="h2" className={styles.cardTitle}>
            {card.title}
          </Heading>
          <p className={styles.cardText}>{card.description}</p>
        </Link>
      ))}
    </nav>
  );
}
