// The page's inline start script, bundled into the page template by ../template.mts. It runs
// before any polyfill. It adds the app's scripts (listed in `#startup-scripts`) in order, one per
// task, after the first contentful paint; shows the failure screens of SPEC §8 (the base-URL banner,
// the load error with Retry, also `window.tributaryShowLoadError`); and answers a press made before
// React can (a tab of the article, the phone menu), handing it to React once React has the part.

declare global {
  interface Window {
    tributaryShowLoadError?: (detail: string) => void;
  }
}

const START_TIMEOUT_MS = 2000;
const root = document.documentElement;
/** The data block the template writes in the head. */
const data = JSON.parse(document.getElementById('startup-scripts')!.textContent!) as {
  scripts: string[];
  baseUrl: string;
};

function paragraph(parent: HTMLElement, text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.textContent = text;
  return parent.appendChild(element);
}

/** A failure message above the page, styled by the site's alert classes. */
function alertBox(id: string): HTMLDivElement {
  const box = document.createElement('div');
  box.id = id;
  box.className = 'alert alert--danger margin--md';
  box.setAttribute('role', 'alert');
  document.body.insertBefore(box, document.body.firstChild);
  return box;
}

/** The base-URL failure: the page's text stays readable, and the reader is sent where the site is. */
function showBaseUrlBanner(): void {
  const banner = alertBox('base-url-issue-banner');
  const link = document.createElement('a');
  link.href = link.textContent = data.baseUrl;
  paragraph(
    banner,
    `This page did not load: the site is served at ${data.baseUrl}, not at ${location.pathname}. Open `,
  ).appendChild(link);
}

function showLoadError(detail: string): void {
  if (document.getElementById('page-load-error')) return;
  const box = alertBox('page-load-error');
  paragraph(box, "This page's code failed to load: its text is complete, its controls do not work.");
  paragraph(box, detail);
  const retry = document.createElement('button');
  retry.className = 'button button--primary';
  retry.textContent = 'Retry';
  retry.onclick = () => location.reload();
  box.appendChild(retry);
  // A menu shown open by this script would cover the message, loading for ever.
  showMenu(null);
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.src = src;
  script.async = false;
  script.onerror = () => {
    // Removed, so that the app's own loader makes its own attempt at a chunk.
    script.remove();
    showLoadError(`Loading ${src} failed.`);
  };
  document.head.appendChild(script);
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // Scripts added without `async` run in the order they were added. One per task (a message, without
  // the 4 ms nested timers wait), as adding one takes 1–2 ms.
  const channel = new MessageChannel();
  let next = 0;
  channel.port1.onmessage = () => {
    addScript(data.scripts[next]);
    if (++next < data.scripts.length) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
}

/** The control pressed before its island hydrated, pressed again once it has. */
let kept: HTMLElement | null = null;
/** The menu button whose navbar this script shows open. */
let openMenu: HTMLElement | null = null;

const closest = (target: EventTarget | null, selector: string): HTMLElement | null =>
  target instanceof Element ? (target.closest(selector) as HTMLElement | null) : null;

/** Clicks `control` once `ready()` holds (React has it), a second of frames at most. */
function clickWhen(control: HTMLElement, ready: () => boolean, framesLeft = 60): void {
  if (framesLeft && !ready()) requestAnimationFrame(() => clickWhen(control, ready, framesLeft - 1));
  else if (control.isConnected) control.click();
}

/** A tab of the article shown chosen as the theme's tab set shows it: its list, then its panels. */
function showTab(tab: HTMLElement): boolean {
  const list = tab.parentElement!;
  const panels = list.nextElementSibling && list.nextElementSibling.children;
  if (!panels || panels.length !== list.children.length) return false; // a lazy tab set waits for React
  [].forEach.call(list.children, (item: HTMLElement, position: number) => {
    const chosen = item === tab;
    item.setAttribute('aria-selected', String(chosen));
    item.tabIndex = chosen ? 0 : -1;
    item.classList.toggle('tabs__item--active', chosen);
    (panels[position] as HTMLElement).hidden = !chosen;
  });
  return true;
}

/** The navbar's open state as the theme renders it; `null` closes it and gives the button focus. */
function showMenu(button: HTMLElement | null): void {
  const shown = button || openMenu;
  if (!shown) return;
  shown.closest('.navbar')!.classList.toggle('navbar-sidebar--show', !!button);
  shown.setAttribute('aria-expanded', String(!!button));
  document.body.style.overflow = button ? 'hidden' : '';
  if (!button) shown.focus();
  openMenu = button;
}

/** A press before the app has hydrated: answered here, kept for React, or left to the browser. */
function onEarlyClick(event: MouseEvent): void {
  const {target} = event;
  const island = closest(target, '[data-island]:not([data-hydrated])');
  const tab = island && closest(target, '[role="tab"]');
  const menu = !root.hasAttribute('data-navbar-hydrated') && closest(target, '.navbar__toggle');
  if (openMenu && (closest(target, '.navbar-sidebar__backdrop') || menu === openMenu)) showMenu(null);
  else if (menu && !document.querySelector('.alert[id]')) showMenu(menu);
  else if (tab && showTab(tab)) kept = tab;
  else if (!openMenu || !closest(target, '.navbar-sidebar')) {
    kept = island && closest(target, 'button:not([disabled])');
    return;
  }
  // Answered here: kept from React, which would answer it a second time.
  event.stopPropagation();
}

new MutationObserver(() => {
  // The navbar is React's: its own click opens the menu shown open here.
  if (openMenu && root.hasAttribute('data-navbar-hydrated')) {
    const button = openMenu;
    openMenu = null;
    button.closest('.navbar')!.classList.remove('navbar-sidebar--show');
    button.click();
  }
  if (root.getAttribute('data-has-hydrated') !== 'true') return;
  document.removeEventListener('click', onEarlyClick, true);
  const control = kept;
  kept = null;
  if (!control || !control.isConnected) return;
  // Focus is what the press would have given, and it tells the article to hydrate the island now.
  control.focus({preventScroll: true});
  clickWhen(control, () => !!control.closest('[data-hydrated]'));
}).observe(root, {attributes: true, attributeFilter: ['data-has-hydrated', 'data-navbar-hydrated']});

document.addEventListener('click', onEarlyClick, true);
document.addEventListener('keydown', (event) => event.key === 'Escape' && showMenu(null), true);

window.tributaryShowLoadError = showLoadError;
if (location.pathname.indexOf(data.baseUrl) !== 0) {
  showBaseUrlBanner();
} else if (document.visibilityState !== 'visible') {
  start();
} else {
  new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
  }).observe({type: 'paint', buffered: true});
  setTimeout(start, START_TIMEOUT_MS);
}

export {};
