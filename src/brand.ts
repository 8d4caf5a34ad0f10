/**
 * Brand constants: the single place that names the product and its hostnames.
 * The site config, components and scripts import these; a real deployment swaps them here.
 */
export const brand = {
  productName: 'Tributary',
  siteTitle: 'Tributary Documentation',
  tagline: 'Multi-CDN orchestration and traffic management',
  siteUrl: 'https://docs.tributary.example',
  baseUrl: '/docs/',
  copyright: 'Copyright © 2022–2023 Tributary',
  legalLinks: {
    securityPassport: 'https://www.tributary.example/security-passport',
    privacyPolicy: 'https://www.tributary.example/privacy',
    termsOfUse: 'https://www.tributary.example/terms',
    cookiesPolicy: 'https://www.tributary.example/cookies',
    contact: 'https://www.tributary.example/contact',
  },
  announcement: {
    // Changing the id shows the bar again to readers who dismissed the previous announcement.
    id: 'api-v2-stats-2026-11',
    content:
      'Traffic statistics are now served by API v2. <a href="/docs/api/traffic-overtime">See the new endpoint</a>.',
  },
} as const;

export type Brand = typeof brand;
