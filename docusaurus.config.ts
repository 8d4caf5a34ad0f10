import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import {brand} from './src/brand';
import {API_OVERVIEW_ID, OPENAPI_BUNDLE, apiRoute, API_ROUTE_BASE} from './src/lib/site';
import {codeThemeDark, codeThemeLight} from './src/codeThemes';
import remarkApiRequest from './plugins/api-request/remark.mts';
import remarkMermaidImages from './plugins/mermaid/remark.mts';
import remarkCodeHighlight from './plugins/code-highlight/remark.mts';
import {startupConfig, startupLayerEnabled} from './plugins/startup/index.mts';

/** The page start-up layer (plugins/startup), or Docusaurus's own start-up with STARTUP_LAYER=off. */
const startupEnabled = startupLayerEnabled();
const startup = startupConfig(startupEnabled, {contentDirs: ['docs', 'generated/api', 'src/pages']});
/** The CSP lists the inline scripts' hashes, which differ without the layer: that build keeps its own. */
const SECURITY_HEADERS = startupEnabled
  ? 'generated/nginx/security-headers.conf'
  : 'generated/nginx/security-headers.startup-off.conf';

/** Every guide under "Account Settings" is also reachable under the misspelling SPEC reports. */
const ACCOUNT_SETTINGS = '/Guides/Account Settings/';
const ACCOUNT_SETTINGS_MISSPELLED = '/Guides/Acccount Settings/';
/**
 * API pages whose id changed, old id → new id: the old address stays a redirect (the catalogue's
 * rule). A number stays with its word in page ids (`s3`, not `s-3`).
 */
const RENAMED_API_PAGES: Record<string, string> = {
  'services-origins-update-s-3-credentials-update': 'services-origins-update-s3-credentials-update',
};
/** Routes left out of the sitemap, and so out of llms.txt and the Markdown export. */
const NOT_IN_SITEMAP = ['/docs/search', '/docs/letters'];

// prism-react-renderer already bundles json, yaml, python, go, sql and js; add only what the pages use.
const PRISM_LANGUAGES = ['bash', 'http'];
// Every code block is highlighted at build time (the browser gets no Prism): see plugins/code-highlight.
const codeHighlight = [remarkCodeHighlight, {languages: PRISM_LANGUAGES}];

const config: Config = {
  title: brand.siteTitle,
  tagline: brand.tagline,
  favicon: 'img/favicon.svg',
  url: brand.siteUrl,
  baseUrl: brand.baseUrl,
  trailingSlash: undefined,
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw'},
  },
  i18n: {defaultLocale: 'en', locales: ['en'], localeConfigs: {en: {direction: 'ltr', htmlLang: 'en'}}},
  future: {
    v4: {removeLegacyPostBuildHeadAttribute: true, useCssCascadeLayers: false},
    faster: true,
  },
  staticDirectories: ['static', 'generated/static'],
  ssrTemplate: startup.ssrTemplate,
  baseUrlIssueBanner: startup.baseUrlIssueBanner,
  clientModules: [
    './src/clientModules/announcementBar.ts',
    './src/clientModules/chunkLoadErrors.ts',
    './src/clientModules/keyboard.ts',
    './src/clientModules/serviceWorker.ts',
    './src/clientModules/prefetchOnIntent.ts',
  ],

  presets: [
    [
      'classic',
      {
        docs: {
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          lastVersion: 'current',
          versions: {current: {label: 'Next'}},
          showLastUpdateTime: true,
          breadcrumbs: true,
          remarkPlugins: [remarkApiRequest, [remarkMermaidImages, {baseUrl: brand.baseUrl}], codeHighlight],
        },
        blog: false,
        pages: {remarkPlugins: [codeHighlight]},
        theme: {customCss: './src/css/custom.css'},
        sitemap: {
          lastmod: 'datetime',
          changefreq: null,
          priority: null,
          ignorePatterns: NOT_IN_SITEMAP,
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      // plugin-content-docs without the page descriptions in the data every API page loads.
      './plugins/api-docs/index.mts',
      {
        id: 'api',
        path: 'generated/api',
        routeBasePath: API_ROUTE_BASE,
        sidebarPath: './sidebars-api.ts',
        remarkPlugins: [codeHighlight],
        lastVersion: 'current',
        versions: {current: {label: 'Next'}},
        breadcrumbs: true,
      },
    ],
    [
      '@docusaurus/plugin-client-redirects',
      {
        createRedirects(existingPath: string) {
          if (existingPath.startsWith(ACCOUNT_SETTINGS)) {
            return [existingPath.replace(ACCOUNT_SETTINGS, ACCOUNT_SETTINGS_MISSPELLED)];
          }
          const renamed = Object.entries(RENAMED_API_PAGES)
            .filter(([, to]) => existingPath === apiRoute(to))
            .map(([from]) => apiRoute(from));
          return renamed.length ? renamed : undefined;
        },
      },
    ],
    'docusaurus-plugin-sass',
    './plugins/code-highlight/index.mts',
    ...startup.plugins,
    ['./plugins/security-headers/index.mts', {openApiBundle: OPENAPI_BUNDLE, output: SECURITY_HEADERS}],
    // The search box, the results page and their index (plugins/search).
    ['./plugins/search/index.mts', {openApiBundle: OPENAPI_BUNDLE}],
    [
      './plugins/llms-txt/index.mts',
      {
        openApiBundle: OPENAPI_BUNDLE,
        exclude: NOT_IN_SITEMAP,
        summary:
          `${brand.productName} is a multi-CDN orchestration and traffic-management platform: it deploys one service ` +
          'configuration to your own CDN accounts and steers each user to the best CDN with DNS. These are its ' +
          'guides and API reference.',
      },
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [
      {name: 'description', content: `${brand.siteTitle}: ${brand.tagline}.`},
      // Page-level title, description, URL and image come from each page; these complete Open Graph.
      {property: 'og:site_name', content: brand.siteTitle},
      {property: 'og:type', content: 'website'},
    ],
    colorMode: {defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true},
    announcementBar: {
      id: brand.announcement.id,
      content: brand.announcement.content,
      isCloseable: true,
    },
    docs: {sidebar: {hideable: true, autoCollapseCategories: true}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: brand.productName,
      logo: {alt: `${brand.productName} logo`, src: 'img/logo.svg', href: brand.baseUrl, target: '_self'},
      hideOnScroll: false,
      items: [
        {type: 'doc', docId: 'Getting started/Behind the Scenes', label: 'Getting started', position: 'left'},
        {type: 'docSidebar', sidebarId: 'tutorialSidebar', label: 'Guides', position: 'left', to: '/category/guides'},
        {to: '/category/products', label: 'Products', position: 'left'},
        {type: 'docSidebar', sidebarId: 'apiSidebar', docsPluginId: 'api', label: 'API reference', position: 'left'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: 'Getting Started', to: '/category/getting-started'},
            {label: 'Products', to: '/category/products'},
            {label: 'Guides', to: '/category/guides'},
            {label: 'API reference', to: apiRoute(API_OVERVIEW_ID)},
          ],
        },
        {
          title: brand.productName,
          items: [
            {label: 'Security passport', href: brand.legalLinks.securityPassport},
            {label: 'Contact', href: brand.legalLinks.contact},
          ],
        },
        {
          title: 'Legal',
          items: [
            {label: 'Privacy policy', href: brand.legalLinks.privacyPolicy},
            {label: 'Terms of use', href: brand.legalLinks.termsOfUse},
            {label: 'Cookies policy', href: brand.legalLinks.cookiesPolicy},
          ],
        },
      ],
      copyright: brand.copyright,
    },
    prism: {
      theme: codeThemeLight,
      darkTheme: codeThemeDark,
      additionalLanguages: PRISM_LANGUAGES,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
