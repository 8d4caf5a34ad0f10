// The page template for server-side generation (Docusaurus `ssrTemplate`): Docusaurus's own
// template, except that the app's scripts are asked for and run after the server-rendered page has
// been painted.
//
// Why: with `<script defer>`, a browser that has the scripts before it paints (a fast network, a
// cached visit) evaluates them and hydrates first, so the reader looks at a blank page through the
// longest task of the load. Here the scripts are inserted, in order, once the first contentful paint
// is reported, and not preloaded before it: preloaded, they shared a slow link with the stylesheet the
// first paint waits for. On Lighthouse's slow 4G applied to Chromium, CPU at 4×, without the preloads
// `services-origins-create` first painted at 1.50–1.64 s instead of 1.84–1.92 s, and hydrated at
// 4.9–5.6 s instead of 4.3–4.5 s (handbook/architecture.md, Page start-up). A hidden or prerendering
// tab paints nothing, so it starts at once; browsers without paint timing wait one frame; a paint that
// never comes still starts the app after START_TIMEOUT_MS.
import ssgTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html.js';
import {NAVBAR_HYDRATED_EVENT} from '../../src/lib/site.ts';

const START_TIMEOUT_MS = 2000;

const DEFER_SCRIPTS =
  /\n\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;

/**
 * The helpers of startAfterPaint. They are members of an object, not named inner functions: a
 * loader that keeps function names (tsx, through esbuild) wraps a named inner function in a call
 * to its own `__name` helper, which the page running the function's source does not have.
 */
interface StartHelpers {
  paragraph(parent: HTMLElement, text: string, style?: string): HTMLParagraphElement;
  showBaseUrlBanner(): void;
  showLoadError(detail: string): void;
  start(): void;
  addScript(src: string): void;
  addScriptsFrom(index: number): void;
  nextTask(callback: () => void): void;
}

/* eslint-disable no-var -- old-browser syntax, as its `toString()` is the page's inline script */
/**
 * Starts the app: adds the scripts in order, once, after the first contentful paint. Two load
 * failures get a message instead of a silent, inert page (SPEC §8): a page opened outside the
 * build's base URL gets the base-URL banner (the scripts would not be found there, so the app is
 * not started), and a script that fails to load gets the error text with Retry. The load-error
 * function is also `window.tributaryShowLoadError`, for the app's own chunk failures
 * (src/clientModules/chunkLoadErrors.ts). Old-browser syntax: this runs before any polyfill.
 */
function startAfterPaint(sources: string[], timeoutMs: number, baseUrl: string): void {
  var page = {} as StartHelpers;
  page.paragraph = function (parent, text, style) {
    var element = document.createElement('p');
    element.textContent = text;
    if (style) element.style.cssText = style;
    parent.appendChild(element);
    return element;
  };
  // Styled through the CSSOM: in this case the site's stylesheet was not found either.
  page.showBaseUrlBanner = function () {
    var banner = document.createElement('div');
    banner.id = 'base-url-issue-banner';
    banner.setAttribute('role', 'alert');
    banner.style.cssText =
      'border: thick solid red; background: #ffe6b3; color: #1c1e21; margin: 20px; padding: 20px; font-size: 20px;';
    page.paragraph(banner, 'Your Docusaurus site did not load properly.', 'font-weight: bold; font-size: 30px;');
    page.paragraph(
      banner,
      'This build expects to be served at the base URL ' +
        baseUrl +
        ', but this page was opened at ' +
        location.pathname +
        '.',
    );
    var suggestion = page.paragraph(banner, 'We suggest trying baseUrl = ');
    var link = document.createElement('a');
    link.href = baseUrl;
    link.textContent = baseUrl;
    link.style.cssText = 'font-weight: bold; color: #006400;';
    suggestion.appendChild(link);
    suggestion.appendChild(
      document.createTextNode(
        ': serve the build under that path, or rebuild it with baseUrl set to the path it is served from.',
      ),
    );
    document.body.insertBefore(banner, document.body.firstChild);
  };
  page.showLoadError = function (detail) {
    if (document.getElementById('page-load-error')) return;
    var box = document.createElement('div');
    box.id = 'page-load-error';
    box.className = 'alert alert--danger';
    box.setAttribute('role', 'alert');
    box.style.cssText = 'margin: 1rem; text-align: center;';
    page.paragraph(
      box,
      "This page's code failed to load, so its interactive parts do not work. The text below is complete.",
    );
    page.paragraph(box, String(detail), 'font-family: monospace;');
    var retry = document.createElement('button');
    retry.type = 'button';
    retry.className = 'button button--primary';
    retry.textContent = 'Retry';
    retry.onclick = function () {
      location.reload();
    };
    box.appendChild(retry);
    document.body.insertBefore(box, document.body.firstChild);
    // A phone menu shown open while the app started would cover the message, loading for ever.
    if (window.tributaryCloseEarlyMenu) window.tributaryCloseEarlyMenu();
  };
  window.tributaryShowLoadError = page.showLoadError;
  if (location.pathname.indexOf(baseUrl) !== 0) {
    page.showBaseUrlBanner();
    return;
  }
  var started = false;
  page.start = function () {
    if (started) return;
    started = true;
    // A hidden tab runs timers once a second at most, and has no reader waiting on its input.
    if (document.visibilityState !== 'visible') {
      for (var index = 0; index < sources.length; index += 1) page.addScript(sources[index]);
      return;
    }
    page.addScriptsFrom(0);
  };
  page.addScript = function (src) {
    var script = document.createElement('script');
    script.src = src;
    script.async = false;
    script.onerror = function () {
      // Removed, so that the app's own loader makes its own attempt at a chunk instead of waiting
      // on this element for its two-minute timeout.
      if (script.parentNode) script.parentNode.removeChild(script);
      page.showLoadError('Loading ' + src + ' failed.');
    };
    document.head.appendChild(script);
  };
  // One script per task: adding one takes the main thread 1–2 ms, and a guide lists 16 (the app's
  // entry scripts and its route's chunks), which in one task made a long task after the first paint.
  // Scripts added without `async` run in the order they were added, whenever that was; the list
  // ends with main.js, so the route's chunks have run when the app starts.
  page.addScriptsFrom = function (index) {
    if (index >= sources.length) return;
    page.addScript(sources[index]);
    page.nextTask(function () {
      page.addScriptsFrom(index + 1);
    });
  };
  // A message is answered in a task of its own without the 4 ms that nested timers wait.
  page.nextTask = function (callback) {
    if (!window.MessageChannel) {
      setTimeout(callback);
      return;
    }
    var channel = new MessageChannel();
    channel.port1.onmessage = function () {
      callback();
    };
    channel.port2.postMessage(0);
  };
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'visible') {
    page.start();
  } else if (!types || types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(page.start);
    });
  } else {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(page.start);
    }).observe({type: 'paint', buffered: true});
    setTimeout(page.start, timeoutMs);
  }
}

/**
 * Keeps a press that nothing answered while the app starts, and makes it again once the app has
 * hydrated. Until React has hydrated a control (a tab, the menu button), a press on it is lost:
 * before React has a root on the page nothing listens, and while the app still hydrates React drops a
 * press on a part it cannot hydrate at once (a route whose code is still loading, or an article
 * island whose root does not exist yet). On a slow phone that lasts a second or more after the first
 * paint. So the last press on a button or tab without React's mark is kept (links, inputs and details
 * work without the app), unless React hydrated the control while the press went through, and then
 * answered it. When `data-has-hydrated` turns true the kept control is focused, which hydrates the
 * island or part it is in, and clicked again once React has it.
 *
 * A tab is answered at once instead: it is shown chosen, and the press is kept from React. React
 * hydrates the whole of a root synchronously when a pointer event lands in a part not hydrated yet
 * (34–124 ms on a phone at 4×, then the island's root), and no frame can show the tab before that
 * ends. So is the phone menu's button: the navbar is shown open (the backdrop, and the drawer's
 * placeholder, which says the menu is loading), and handed to React, by a click React answers, as
 * soon as the navbar has hydrated (`navbarHydratedEvent`, or the app's hydration). A press on the
 * backdrop, another on the button, or Escape closes it and forgets the press. Old-browser syntax,
 * as above.
 */
function keepEarlyPresses(navbarHydratedEvent: string): void {
  // Members of an object, not named inner functions, for the reason StartHelpers gives.
  var presses = {kept: null, openMenu: null} as {
    kept: HTMLElement | null;
    /** The menu button whose navbar this script has shown open. */
    openMenu: HTMLElement | null;
    hasFiber(element: Element): boolean;
    showableTab(target: EventTarget | null): Element | null;
    showTab(tab: Element): void;
    menuButton(target: EventTarget | null): HTMLElement | null;
    showMenu(button: HTMLElement | null): void;
    closesMenu(target: EventTarget | null): boolean;
    inDrawer(target: EventTarget | null): boolean;
    closeMenu(): void;
    closeOnEscape(event: KeyboardEvent): void;
    handOffMenu(framesLeft: number): void;
    shield(event: Event): void;
    keep(event: Event): void;
    forgetIfAnswered(): void;
    clickWhenHydrated(control: HTMLElement, framesLeft: number): void;
  };
  // React marks each element it has hydrated with a property named `__reactFiber` and a suffix.
  presses.hasFiber = function (element) {
    for (var key in element) if (key.indexOf('__reactFiber') === 0) return true;
    return false;
  };
  // A tab is shown chosen at once, as the theme's tab set would show it (the tab list, then its
  // panels in the same order), so the reader sees the answer while the app still starts; the press
  // made again later tells React. A lazy tab set, with only the chosen panel in the page, waits.
  presses.showableTab = function (target) {
    var element = target as Element | null;
    var tab = element && element.closest ? element.closest('[role="tab"]') : null;
    if (!tab || presses.hasFiber(tab)) return null;
    var list = tab.parentElement;
    var panels = list && list.nextElementSibling ? list.nextElementSibling.children : null;
    if (!list || !panels || panels.length !== list.children.length) return null;
    for (var index = 0; index < list.children.length; index += 1) {
      var item = list.children[index] as HTMLElement;
      var panel = panels[index] as HTMLElement;
      if (item.getAttribute('role') !== 'tab' || panel.getAttribute('role') !== 'tabpanel') return null;
    }
    return tab;
  };
  presses.showTab = function (tab) {
    var list = tab.parentElement as HTMLElement;
    var panels = (list.nextElementSibling as HTMLElement).children;
    for (var position = 0; position < list.children.length; position += 1) {
      var chosen = list.children[position] === tab;
      var each = list.children[position] as HTMLElement;
      each.setAttribute('aria-selected', String(chosen));
      each.tabIndex = chosen ? 0 : -1;
      each.classList.toggle('tabs__item--active', chosen);
      (panels[position] as HTMLElement).hidden = !chosen;
    }
  };
  // The phone menu's button, in a navbar React has not hydrated.
  presses.menuButton = function (target) {
    var element = target as Element | null;
    var button = element && element.closest ? (element.closest('.navbar__toggle') as HTMLElement | null) : null;
    return button && !presses.hasFiber(button) && button.closest('.navbar') ? button : null;
  };
  // Where a press closes the menu this script shows open: its backdrop, which covers the page, or
  // its button (reached by the keyboard). A press on the drawer's place (`inDrawer`) does nothing.
  presses.closesMenu = function (target) {
    var element = target as Element | null;
    if (!presses.openMenu || !element || !element.closest) return false;
    return (
      element.closest('.navbar-sidebar__backdrop') !== null || element.closest('.navbar__toggle') === presses.openMenu
    );
  };
  presses.inDrawer = function (target) {
    var element = target as Element | null;
    return presses.openMenu !== null && !!element && !!element.closest && element.closest('.navbar-sidebar') !== null;
  };
  // The navbar's open state as the theme renders it (its class, the button's aria-expanded, the
  // page's scroll lock); `null` closes it.
  presses.showMenu = function (button) {
    var shown = button || presses.openMenu;
    if (!shown) return;
    (shown.closest('.navbar') as HTMLElement).classList.toggle('navbar-sidebar--show', !!button);
    shown.setAttribute('aria-expanded', String(!!button));
    document.body.style.overflow = button ? 'hidden' : '';
    if (button) document.addEventListener('keydown', presses.closeOnEscape, true);
    else document.removeEventListener('keydown', presses.closeOnEscape, true);
    presses.openMenu = button;
  };
  // Closed by the reader, or by a failure screen (`window.tributaryCloseEarlyMenu`, below): the
  // focus goes back to the button.
  presses.closeMenu = function () {
    var button = presses.openMenu;
    presses.showMenu(null);
    if (button) button.focus({preventScroll: true});
  };
  presses.closeOnEscape = function (event) {
    if (event.key === 'Escape') presses.closeMenu();
  };
  // Once React has the button, its click opens the menu in the same task (a discrete event renders
  // before the next frame), so taking this script's state off first shows no flicker. Until then,
  // a frame at a time, a second at most, as for a kept press.
  presses.handOffMenu = function (framesLeft) {
    var button = presses.openMenu;
    if (!button) return;
    if (!button.isConnected) {
      presses.showMenu(null);
      return;
    }
    if (framesLeft > 0 && !presses.hasFiber(button)) {
      requestAnimationFrame(function () {
        presses.handOffMenu(framesLeft - 1);
      });
      return;
    }
    presses.showMenu(null);
    button.click();
  };
  // Sent from an effect of the navbar once it has hydrated, after the theme's scroll lock has been
  // set for a closed menu: the lock is put back until the hand-off, in the next task.
  document.addEventListener(navbarHydratedEvent, function () {
    if (!presses.openMenu) return;
    document.body.style.overflow = 'hidden';
    setTimeout(function () {
      presses.handOffMenu(60);
    });
  });
  window.tributaryCloseEarlyMenu = presses.closeMenu;
  // The pointer events of a press on such a tab, or on the menu, do not reach React (see above).
  presses.shield = function (event) {
    var target = event.target;
    if (
      presses.showableTab(target) ||
      presses.menuButton(target) ||
      presses.closesMenu(target) ||
      presses.inDrawer(target)
    )
      event.stopPropagation();
  };
  // First of all listeners (the document, capturing): the control as it was before React saw the press.
  presses.keep = function (event) {
    var tab = presses.showableTab(event.target);
    if (tab) {
      presses.kept = tab as HTMLElement;
      presses.showTab(tab);
      event.stopPropagation();
      return;
    }
    var closes = presses.closesMenu(event.target);
    if (closes || presses.inDrawer(event.target)) {
      if (closes) presses.closeMenu();
      event.stopPropagation();
      return;
    }
    // Not opened when the app will not start (a failure screen is up): the menu would stay loading.
    var menu = presses.menuButton(event.target);
    var failed = document.getElementById('page-load-error') || document.getElementById('base-url-issue-banner');
    if (menu && !failed) {
      presses.showMenu(menu);
      event.stopPropagation();
      return;
    }
    var target = event.target as Element | null;
    var control = target && target.closest ? target.closest('button:not([disabled]), [role="tab"]') : null;
    if (control && !presses.hasFiber(control)) presses.kept = control as HTMLElement;
  };
  var pointerEvents = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend'];
  for (var added = 0; added < pointerEvents.length; added += 1)
    document.addEventListener(pointerEvents[added], presses.shield, true);
  // Last of all (the window, bubbling): a control React hydrated during the press got the press. One
  // React dropped arrives here unhydrated, or not at all when React stopped it.
  presses.forgetIfAnswered = function () {
    if (presses.kept && presses.hasFiber(presses.kept)) presses.kept = null;
  };
  // A click on a control not hydrated yet is dropped if its part cannot hydrate at once (a part
  // with code still loading), so the click waits for the control, a second at most.
  presses.clickWhenHydrated = function (control, framesLeft) {
    if (framesLeft === 0 || presses.hasFiber(control)) {
      control.click();
      return;
    }
    requestAnimationFrame(function () {
      presses.clickWhenHydrated(control, framesLeft - 1);
    });
  };
  document.addEventListener('click', presses.keep, true);
  window.addEventListener('click', presses.forgetIfAnswered, false);
  new MutationObserver(function (records, observer) {
    if (document.documentElement.getAttribute('data-has-hydrated') !== 'true') return;
    observer.disconnect();
    for (var removed = 0; removed < pointerEvents.length; removed += 1)
      document.removeEventListener(pointerEvents[removed], presses.shield, true);
    document.removeEventListener('click', presses.keep, true);
    window.removeEventListener('click', presses.forgetIfAnswered, false);
    presses.handOffMenu(60);
    var kept = presses.kept;
    if (!kept || !kept.isConnected) return;
    // Focus is what the press would have given it, and it tells the article to hydrate the island.
    kept.focus({preventScroll: true});
    presses.clickWhenHydrated(kept, 60);
  }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-has-hydrated']});
}
/* eslint-enable no-var */

/**
 * The page's scripts in the order the start script adds them: Docusaurus lists the app's entry
 * scripts, then the chunks of the page's route; main.js, which starts the app, goes last, so that
 * the chunks have run (they only register their modules) by the time it asks for them.
 */
const ORDERED_SCRIPTS = `((scripts) => scripts.filter((script) => !/(^|\\/)main\\.[^/]*\\.js$/.test(script)).concat(scripts.filter((script) => /(^|\\/)main\\.[^/]*\\.js$/.test(script))))(it.scripts.map((script) => it.baseUrl + script))`;

/**
 * The list of scripts, as a data block, then the inline script that starts them, which reads the
 * block just before it. The list differs from page to page; as data rather than part of the inline
 * script it leaves the inline script the same on every page, so one hash in the CSP allows it. It
 * is serialized so that no `<` can close the element.
 */
const START_SCRIPT = `
    <script type="application/json"><%~ JSON.stringify(${ORDERED_SCRIPTS}).replace(/</g, '\\\\u003c') %></script>
    <script>(${startAfterPaint.toString()})(JSON.parse(document.currentScript.previousElementSibling.textContent), ${START_TIMEOUT_MS}, <%~ JSON.stringify(it.baseUrl).replace(/</g, '\\\\u003c') %>);(${keepEarlyPresses.toString()})(${JSON.stringify(NAVBAR_HYDRATED_EVENT)})</script>`;

/** `template` with `script` before its `</body>` line, as it is: a `$` in it is not a replacement pattern. */
function beforeBodyEnd(template: string, script: string): string {
  return template.replace('\n  </body>', () => `${script}\n  </body>`);
}

function paintFirstTemplate(template: string): string {
  if (!DEFER_SCRIPTS.test(template)) {
    throw new Error(
      'plugins/paint-first: the Docusaurus page template no longer has the expected `<script … defer>` loop; ' +
        'update DEFER_SCRIPTS in plugins/paint-first/template.mts to the new template.',
    );
  }
  const withoutScripts = template.replace(DEFER_SCRIPTS, '');
  if (!withoutScripts.includes('\n  </body>')) {
    throw new Error(
      'plugins/paint-first: the Docusaurus page template has no `</body>` line to put the start script before.',
    );
  }
  return beforeBodyEnd(withoutScripts, START_SCRIPT);
}

// Imported from ESM, the CommonJS module's export arrives wrapped in its `default`.
const docusaurusTemplate = ssgTemplate as string | {default: string};
export const ssrTemplate = paintFirstTemplate(
  typeof docusaurusTemplate === 'string' ? docusaurusTemplate : docusaurusTemplate.default,
);
export {beforeBodyEnd, keepEarlyPresses, paintFirstTemplate, startAfterPaint, START_TIMEOUT_MS};
