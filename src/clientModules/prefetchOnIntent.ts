// Loads the next page's chunks when the reader shows intent, not whenever a link scrolls into view.
// Docusaurus prefetches every internal link that becomes visible; with a 90-page sidebar, category
// cards and the footer that is 25+ chunks (about 80 KB gzip) on every page load, most never used.
// Pointing at or touching a link still preloads its page (Docusaurus's own Link handlers), and
// keyboard focus does the same here, so the next page is ready by the time it is opened.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

type Docusaurus = {prefetch: (routePath: string) => false | Promise<unknown>; preload: (routePath: string) => unknown};
type DocusaurusWindow = Window & {docusaurus?: Docusaurus};

if (ExecutionEnvironment.canUseDOM) {
  const target = window as DocusaurusWindow;
  let api: Docusaurus | undefined;
  // Docusaurus assigns `window.docusaurus` (a frozen object) after the client modules have run, and
  // its Link reads `window.docusaurus.prefetch` at call time: keep its preload, drop viewport prefetch.
  Object.defineProperty(target, 'docusaurus', {
    configurable: true,
    get: () => api,
    set: (value: Docusaurus) => {
      api = {...value, prefetch: () => false};
    },
  });

  document.addEventListener('focusin', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    api?.preload(decodeURI(link.pathname));
  });
}
