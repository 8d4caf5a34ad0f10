import {test} from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {compileSSGTemplate} from '@docusaurus/core/lib/ssg/ssgTemplate.js';
import {NAVBAR_HYDRATED_EVENT} from '../../src/lib/site.ts';
import {beforeBodyEnd, keepEarlyPresses, paintFirstTemplate, ssrTemplate, startAfterPaint} from './template.mts';

async function render(scripts: string[]): Promise<string> {
  const renderPage = await compileSSGTemplate(ssrTemplate);
  return renderPage({
    appHtml: '<main>Page</main>',
    baseUrl: '/docs/',
    htmlAttributes: 'lang="en"',
    bodyAttributes: '',
    headTags: '',
    preBodyTags: '',
    postBodyTags: '',
    metaAttributes: [],
    scripts,
    stylesheets: ['assets/css/styles.css'],
    noIndex: false,
    version: '3.10.2',
  });
}

test('the page neither defers nor preloads the app scripts: the start script asks for them, main.js last', async () => {
  const html = await render(['assets/js/runtime~main.1.js', 'assets/js/main.2.js', 'assets/js/17896441.3.js']);
  assert.doesNotMatch(html, /<script[^>]+src=/);
  assert.doesNotMatch(html, /<link[^>]+as="script"/);
  assert.ok(html.indexOf('<main>Page</main>') < html.indexOf('startAfterPaint'), 'the start script follows the page');
  // The route's chunk before main.js, which starts the app and asks for it.
  assert.ok(
    html.includes(
      '<script type="application/json">["/docs/assets/js/runtime~main.1.js","/docs/assets/js/17896441.3.js","/docs/assets/js/main.2.js"]</script>\n<script>(function startAfterPaint',
    ),
  );
  assert.ok(html.includes('})(JSON.parse(document.currentScript.previousElementSibling.textContent), 2000, "/docs/")'));
  assert.ok(html.includes(`;(${keepEarlyPresses.toString()})("${NAVBAR_HYDRATED_EVENT}")</script>`));
});

test("the start script is put in the page as it is, even where it has a `$'` or `$&`", () => {
  const script = "<script>key.indexOf('a$') + '$&'</script>";
  assert.equal(
    beforeBodyEnd('<body>\n  <main></main>\n  </body>\n</html>', script),
    `<body>\n  <main></main>${script}\n  </body>\n</html>`,
  );
});

test('a script name cannot close the list of scripts', async () => {
  const html = await render(['assets/js/</script><b>x.js']);
  const list = html.slice(html.indexOf('<script type="application/json">'), html.indexOf('(function startAfterPaint'));
  assert.equal(list.match(/<\/script>/g)?.length, 1);
  assert.ok(list.includes('\\u003c/script>\\u003cb>x.js'));
  assert.deepEqual(JSON.parse(list.slice(list.indexOf('>') + 1, list.indexOf('</script>'))), [
    '/docs/assets/js/</script><b>x.js',
  ]);
});

test('the inline start script is the same on every page, whatever scripts the page lists', async () => {
  const inline = (html: string) => html.slice(html.indexOf('<script>(function startAfterPaint'));
  const guide = await render(['assets/js/main.2.js', 'assets/js/17896441.a.js', 'assets/js/78b0d1bb.b.js']);
  const home = await render(['assets/js/main.2.js', 'assets/js/c4f5d8e4.c.js']);
  assert.notEqual(guide, home);
  assert.equal(inline(guide), inline(home));
});

test('a Docusaurus template without the expected script loop is a build error that says what to update', () => {
  assert.throws(
    () => paintFirstTemplate('<html><head></head><body></body></html>'),
    /plugins\/paint-first.*DEFER_SCRIPTS/,
  );
});

/** A stand-in for the few DOM elements the start script creates: enough to read what it shows. */
interface FakeElement {
  tagName: string;
  textContent: string;
  children: FakeElement[];
  attributes: Record<string, string>;
  style: {cssText: string};
  [key: string]: unknown;
}
function fakeElement(tagName: string): FakeElement {
  const element: FakeElement = {
    tagName,
    textContent: '',
    children: [],
    attributes: {},
    style: {cssText: ''},
    appendChild: (child: FakeElement) => element.children.push(child),
    setAttribute: (name: string, value: string) => (element.attributes[name] = value),
  };
  return element;
}
const textOf = (element: FakeElement): string => element.textContent + element.children.map(textOf).join('');

/** Runs the start script's own source in a page stand-in and reports what it did. */
function runStartScript({visibility = 'visible', paintTiming = true, pathname = '/docs/Guides/'} = {}) {
  const appended: string[] = [];
  const removed: string[] = [];
  const scripts: FakeElement[] = [];
  const shown: FakeElement[] = [];
  const timers: Array<{callback: () => void; delay: number}> = [];
  const frames: Array<() => void> = [];
  const observers: Array<(list: {getEntriesByName: (name: string) => unknown[]}) => void> = [];
  class PerformanceObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(callback: (list: {getEntriesByName: (name: string) => unknown[]}) => void) {
      observers.push(callback);
    }
    observe(options: {type: string; buffered: boolean}) {
      // The object comes from the script's own realm, so compare its fields, not its prototype.
      assert.deepEqual({...options}, {type: 'paint', buffered: true});
    }
  }
  const context = vm.createContext({
    location: {pathname, reload: () => shown.push(fakeElement('reload'))},
    document: {
      visibilityState: visibility,
      createElement: fakeElement,
      createTextNode: (text: string) => ({...fakeElement('#text'), textContent: text}),
      getElementById: (id: string) => shown.find((element) => element.id === id) ?? null,
      body: {firstChild: null, insertBefore: (element: FakeElement) => shown.push(element)},
      head: {
        appendChild: (script: FakeElement) => {
          scripts.push(script);
          appended.push(`${script.src} async=${script.async}`);
          script.parentNode = {removeChild: (child: FakeElement) => removed.push(String(child.src))};
        },
      },
    },
    PerformanceObserver,
    setTimeout: (callback: () => void, delay = 0) => timers.push({callback, delay}),
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
  });
  context.window = context;
  vm.runInContext(`(${startAfterPaint.toString()})(['/docs/a.js', '/docs/b.js'], 2000, '/docs/')`, context);
  const paint = (name: string) =>
    observers.forEach((callback) => callback({getEntriesByName: (n) => (n === name ? [{}] : [])}));
  const runTimers = (filter: (delay: number) => boolean) =>
    timers.splice(0).forEach((timer) => (filter(timer.delay) ? timer.callback() : timers.push(timer)));
  /** Runs the timers that `filter` picks, and those they set, until none is left. */
  const runTimersThrough = (filter: (delay: number) => boolean) => {
    while (timers.some((timer) => filter(timer.delay))) runTimers(filter);
  };
  return {appended, removed, scripts, shown, timers, frames, paint, runTimers, runTimersThrough, window: context};
}

test('the scripts start once, in order, one per task, from the task after the first contentful paint', () => {
  const page = runStartScript();
  assert.deepEqual(page.appended, []);
  page.paint('first-paint');
  page.runTimers((delay) => delay === 0);
  assert.deepEqual(page.appended, [], 'a paint without content does not start the app');
  page.paint('first-contentful-paint');
  assert.deepEqual(page.appended, [], 'not inside the observer callback');
  page.runTimers((delay) => delay === 0);
  assert.deepEqual(page.appended, ['/docs/a.js async=false'], 'the first script in the first task');
  page.runTimers((delay) => delay === 0);
  assert.deepEqual(page.appended, ['/docs/a.js async=false', '/docs/b.js async=false'], 'the next in the next');
  page.runTimersThrough(() => true);
  assert.equal(page.appended.length, 2, 'the fallback timer does not start them again');
});

test('without a paint the scripts start after the timeout', () => {
  const page = runStartScript();
  page.runTimers((delay) => delay === 2000);
  page.runTimersThrough((delay) => delay === 0);
  assert.deepEqual(page.appended, ['/docs/a.js async=false', '/docs/b.js async=false']);
});

test('a hidden tab adds every script at once, and a browser without paint timing starts after one frame', () => {
  const hidden = runStartScript({visibility: 'hidden'});
  assert.deepEqual(hidden.appended, ['/docs/a.js async=false', '/docs/b.js async=false']);
  assert.deepEqual(
    hidden.timers.filter((timer) => timer.delay === 0),
    [],
    'nothing waits for a timer',
  );
  const page = runStartScript({paintTiming: false});
  assert.deepEqual(page.appended, []);
  page.frames.splice(0).forEach((frame) => frame());
  page.runTimersThrough((delay) => delay === 0);
  assert.deepEqual(page.appended, ['/docs/a.js async=false', '/docs/b.js async=false']);
});

test('a page opened outside the base URL shows the base-URL banner with the base URL suggested, and starts nothing', () => {
  const page = runStartScript({pathname: '/Guides/Origins/Origin%20Shield'});
  page.paint('first-contentful-paint');
  page.runTimers(() => true);
  assert.deepEqual(page.appended, []);
  assert.equal(page.shown.length, 1);
  const banner = textOf(page.shown[0]);
  assert.match(banner, /^Your Docusaurus site did not load properly\./);
  assert.match(banner, /opened at \/Guides\/Origins\/Origin%20Shield\./);
  assert.match(banner, /We suggest trying baseUrl = \/docs\//);
  assert.equal(page.shown[0].attributes.role, 'alert');
});

test('inside the base URL no banner is shown', () => {
  const page = runStartScript({pathname: '/docs/'});
  page.paint('first-contentful-paint');
  page.runTimersThrough(() => true);
  assert.deepEqual(page.shown, []);
  assert.equal(page.appended.length, 2);
});

test('a script that fails to load shows the error text once, with a Retry button that reloads the page', () => {
  const page = runStartScript();
  let menusClosed = 0;
  (page.window as Record<string, unknown>).tributaryCloseEarlyMenu = () => (menusClosed += 1);
  page.runTimers((delay) => delay === 2000);
  page.runTimersThrough((delay) => delay === 0);
  (page.scripts[1].onerror as () => void)();
  (page.scripts[0].onerror as () => void)();
  assert.deepEqual(
    page.removed,
    ['/docs/b.js', '/docs/a.js'],
    'a failed script is taken out, so the app can try again',
  );
  assert.equal(page.shown.length, 1, 'one message for any number of failures');
  assert.equal(menusClosed, 1, 'a phone menu shown open while the app started would cover it: closed');
  const [box] = page.shown;
  assert.match(textOf(box), /failed to load.*Loading \/docs\/b\.js failed\.Retry$/);
  const button = box.children.find((child) => child.tagName === 'button');
  assert.ok(button);
  (button.onclick as () => void)();
  assert.equal(page.shown.at(-1)?.tagName, 'reload');
  assert.equal(typeof page.window.tributaryShowLoadError, 'function', 'the app can show the same message');
});

/** Runs the early-press script's own source against a stand-in document. */
function runEarlyPresses() {
  type Listener = (event: {target: unknown; stopPropagation(): void}) => void;
  /** The document's capturing listeners, by event type. */
  const onCapture = new Map<string, Listener>();
  let onBubble: (() => void) | null = null;
  /** The events of presses that reached React (the page's root, after the document). */
  const reactSaw: string[] = [];
  let onMutation: (() => void) | null = null;
  let disconnected = false;
  const attributes: Record<string, string> = {};
  const replayed: string[] = [];
  // The navbar, whose classes show the phone menu open; its menu button and backdrop are controls below.
  const navbarClasses = new Set<string>();
  const navbar = {
    classList: {toggle: (name: string, on: boolean) => (on ? navbarClasses.add(name) : navbarClasses.delete(name))},
  };
  const body = {style: {overflow: ''}};
  let reactMenuOpen = false;
  const failureScreens = new Set<string>();
  let onNavbarHydrated: (() => void) | null = null;
  const timers: Array<() => void> = [];
  const control = (name: string, selectable = true): Record<string, unknown> => ({
    name,
    isConnected: true,
    getAttribute: (attribute: string) => (attribute === 'role' && name.startsWith('tab') ? 'tab' : null),
    setAttribute(attribute: string, value: string) {
      assert.equal(attribute, 'aria-expanded');
      this.ariaExpanded = value;
    },
    closest: (selector: string) => {
      const found: Record<string, boolean> = {
        'button:not([disabled]), [role="tab"]': selectable && name !== 'backdrop',
        '[role="tab"]': name.startsWith('tab'),
        '.navbar__toggle': name === 'menu',
        '.navbar-sidebar__backdrop': name === 'backdrop',
        '.navbar-sidebar': name === 'drawer',
      };
      if (selector === '.navbar') return ['menu', 'backdrop', 'drawer'].includes(name) ? navbar : null;
      assert.ok(selector in found, selector);
      return found[selector] ? controls[name] : null;
    },
    focus: (options: {preventScroll: boolean}) => replayed.push(`focus ${name} preventScroll=${options.preventScroll}`),
    click() {
      replayed.push(`click ${name} (menu ${navbarClasses.has('navbar-sidebar--show') ? 'open' : 'closed'})`);
      // The theme's toggle, once React has the button: it renders the navbar open or closed.
      if (name !== 'menu' || !Object.keys(this).some((key) => key.startsWith('__reactFiber'))) return;
      reactMenuOpen = !reactMenuOpen;
      navbar.classList.toggle('navbar-sidebar--show', reactMenuOpen);
      this.ariaExpanded = String(reactMenuOpen);
      body.style.overflow = reactMenuOpen ? 'hidden' : 'visible';
    },
  });
  const controls: Record<string, Record<string, unknown>> = {};
  const frames: Array<() => void> = [];
  for (const name of ['menu', 'copy', 'backdrop', 'drawer', 'tab', 'tab 2', 'tab lazy', 'tab lazy 2'])
    controls[name] = control(name);
  controls.link = control('link', false);
  // The theme's tab set: its list of tabs, then its panels in the same order.
  const panel = (shown: boolean) => ({
    hidden: !shown,
    getAttribute: (attribute: string) => (attribute === 'role' ? 'tabpanel' : null),
  });
  const tabSet = {
    children: [controls.tab, controls['tab 2']],
    nextElementSibling: {children: [panel(true), panel(false)]},
  };
  // A lazy tab set: only the chosen tab's panel is in the page.
  const lazyTabSet = {
    children: [controls['tab lazy'], controls['tab lazy 2']],
    nextElementSibling: {children: [panel(true)]},
  };
  for (const [index, name] of ['tab', 'tab 2', 'tab lazy', 'tab lazy 2'].entries()) {
    const chosen = index % 2 === 0;
    const classes = new Set(chosen ? ['tabs__item--active'] : []);
    Object.assign(controls[name], {
      parentElement: name.startsWith('tab lazy') ? lazyTabSet : tabSet,
      ariaSelected: String(chosen),
      tabIndex: chosen ? 0 : -1,
      classList: {toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name))},
      classes,
      setAttribute(attribute: string, value: string) {
        assert.equal(attribute, 'aria-selected');
        this.ariaSelected = value;
      },
    });
  }
  const shownTab = () =>
    tabSet.children.map((tab, index) => ({
      selected: tab.ariaSelected,
      tabIndex: tab.tabIndex,
      active: (tab.classes as Set<string>).has('tabs__item--active'),
      panelHidden: tabSet.nextElementSibling.children[index]?.hidden,
    }));
  class MutationObserver {
    constructor(callback: (records: unknown[], observer: MutationObserver) => void) {
      onMutation = () => callback([], this);
    }
    observe(target: unknown, options: object) {
      // From the script's own realm: compare what it says, not its prototypes.
      assert.equal(JSON.stringify(options), JSON.stringify({attributes: true, attributeFilter: ['data-has-hydrated']}));
    }
    disconnect() {
      disconnected = true;
    }
  }
  const context = vm.createContext({
    document: {
      body,
      getElementById: (id: string) => (failureScreens.has(id) ? {id} : null),
      documentElement: {getAttribute: (name: string) => attributes[name] ?? null},
      addEventListener: (type: string, listener: Listener, capture?: boolean) => {
        if (type === NAVBAR_HYDRATED_EVENT) {
          onNavbarHydrated = listener as unknown as () => void;
          return;
        }
        assert.equal(capture, true);
        onCapture.set(type, listener);
      },
      removeEventListener: (type: string, listener: Listener) => {
        if (onCapture.get(type) === listener) onCapture.delete(type);
      },
    },
    window: {
      addEventListener: (type: string, listener: typeof onBubble, capture: boolean) => {
        assert.deepEqual([type, capture], ['click', false]);
        onBubble = listener;
      },
      removeEventListener: (type: string, listener: typeof onBubble) => {
        if (listener === onBubble) onBubble = null;
      },
    },
    MutationObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  vm.runInContext(`(${keepEarlyPresses.toString()})(${JSON.stringify(NAVBAR_HYDRATED_EVENT)})`, context);
  const reactHydrates = (name: string) => (controls[name]['__reactFiber$abc'] = {});
  return {
    /**
     * A press on `name` as the browser dispatches it: the document's capturing listeners first, then
     * React, which may hydrate the control and answer, or stop the press; then the window's.
     */
    press: (name: string, react: 'nothing' | 'hydrates and answers' | 'stops it' = 'nothing') => {
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        let stopped = false;
        onCapture.get(type)?.({target: controls[name], stopPropagation: () => (stopped = true)});
        if (stopped) continue;
        reactSaw.push(type);
        if (type !== 'click') continue;
        if (react === 'hydrates and answers') reactHydrates(name);
        if (react !== 'stops it') onBubble?.();
      }
    },
    reactSaw,
    reactHydrates,
    nextFrames: (count: number) => {
      for (let frame = 0; frame < count; frame += 1) frames.splice(0).forEach((callback) => callback());
    },
    /** Sets `data-has-hydrated`, as the app does, and reports the change. */
    setHasHydrated: (value: string) => {
      attributes['data-has-hydrated'] = value;
      onMutation?.();
    },
    replayed,
    shownTab,
    /** The phone menu as the reader sees it: the navbar's class, the button's aria-expanded, the page's scroll lock. */
    menu: () => ({
      open: navbarClasses.has('navbar-sidebar--show'),
      expanded: controls.menu.ariaExpanded,
      overflow: body.style.overflow,
    }),
    /** The navbar's part has hydrated: React has its controls, and it says so. */
    navbarHydrates: () => {
      for (const name of ['menu', 'backdrop']) controls[name]['__reactFiber$abc'] = {};
      onNavbarHydrated?.();
    },
    /** A failure screen of the start script is up (`page-load-error` or `base-url-issue-banner`). */
    showFailureScreen: (id: string) => failureScreens.add(id),
    /** What the failure screens call (`window.tributaryCloseEarlyMenu`). */
    closeEarlyMenu: () => (context.window as {tributaryCloseEarlyMenu(): void}).tributaryCloseEarlyMenu(),
    setBodyOverflow: (value: string) => (body.style.overflow = value),
    runTimers: () => timers.splice(0).forEach((callback) => callback()),
    disconnect: (name: string) => (controls[name].isConnected = false),
    key: (key: string) => onCapture.get('keydown')?.({key, target: null, stopPropagation: () => {}} as never),
    lazyTabSelected: () => lazyTabSet.children.map((tab) => tab.ariaSelected),
    listening: () => onCapture.size > 0 || onBubble !== null,
    disconnected: () => disconnected,
  };
}

test('the last press on a control before React starts is made again, once, when the app has hydrated it', () => {
  const page = runEarlyPresses();
  page.press('tab');
  page.press('link');
  page.press('copy');
  page.setHasHydrated('false');
  assert.deepEqual(page.replayed, [], 'not before the app has hydrated');
  page.setHasHydrated('true');
  assert.deepEqual(page.replayed, ['focus copy preventScroll=true'], 'the control is focused, which hydrates it');
  assert.equal(page.listening(), false, 'presses after hydration are the app’s own');
  assert.equal(page.disconnected(), true, 'and no later change of the attribute makes it again');
  page.nextFrames(3);
  assert.equal(page.replayed.length, 1, 'no click while React has not hydrated the control');
  page.reactHydrates('copy');
  page.nextFrames(1);
  assert.deepEqual(page.replayed, ['focus copy preventScroll=true', 'click copy (menu closed)']);
  page.nextFrames(100);
  assert.equal(page.replayed.length, 2);
});

test('a press is made again after a second of frames even if React has not hydrated the control', () => {
  const page = runEarlyPresses();
  page.press('tab');
  page.setHasHydrated('true');
  page.nextFrames(59);
  assert.deepEqual(page.replayed, ['focus tab preventScroll=true']);
  page.nextFrames(1);
  assert.deepEqual(page.replayed, ['focus tab preventScroll=true', 'click tab (menu closed)']);
});

test('a press React answers, having hydrated the control, is not made again; nor one on a link', () => {
  const page = runEarlyPresses();
  page.press('link');
  page.press('tab lazy 2', 'hydrates and answers');
  page.reactHydrates('copy');
  page.press('copy');
  // Hydrated already, and its handler stops the press: the window never hears of it.
  page.press('copy', 'stops it');
  page.setHasHydrated('true');
  page.nextFrames(100);
  assert.deepEqual(page.replayed, []);
});

test('a press React drops while the app still hydrates is made again once the app has hydrated', () => {
  for (const react of ['nothing', 'stops it'] as const) {
    const page = runEarlyPresses();
    page.press('tab lazy 2', react);
    page.setHasHydrated('true');
    page.reactHydrates('tab lazy 2');
    page.nextFrames(1);
    assert.deepEqual(
      page.replayed,
      ['focus tab lazy 2 preventScroll=true', 'click tab lazy 2 (menu closed)'],
      `React did ${react}`,
    );
  }
});

test('only the last press is made again, even when React answered the last one', () => {
  const page = runEarlyPresses();
  page.press('tab');
  page.press('copy', 'hydrates and answers');
  page.setHasHydrated('true');
  page.nextFrames(100);
  assert.deepEqual(page.replayed, [], 'the reader moved on from the tab');
});

test('a press on a tab React has not hydrated shows that tab chosen at once, keeps the press from React, and makes it again', () => {
  const page = runEarlyPresses();
  page.press('tab 2');
  assert.deepEqual(page.shownTab(), [
    {selected: 'false', tabIndex: -1, active: false, panelHidden: true},
    {selected: 'true', tabIndex: 0, active: true, panelHidden: false},
  ]);
  assert.deepEqual(page.reactSaw, [], 'React would hydrate the whole page at once to answer it');
  page.setHasHydrated('true');
  page.reactHydrates('tab 2');
  page.nextFrames(1);
  assert.deepEqual(
    page.replayed,
    ['focus tab 2 preventScroll=true', 'click tab 2 (menu closed)'],
    'React is told of it',
  );
  page.press('tab');
  assert.deepEqual(
    page.reactSaw,
    ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'],
    'then presses are React’s',
  );
});

test('a tab React has hydrated, one of a lazy tab set, and a button are left to React', () => {
  const page = runEarlyPresses();
  page.reactHydrates('tab 2');
  page.press('tab 2');
  assert.equal(page.shownTab()[1].selected, 'false');
  page.press('tab lazy 2');
  assert.deepEqual(page.lazyTabSelected(), ['true', 'false'], 'its other panels are not in the page to show');
  page.press('copy');
  assert.equal(page.reactSaw.length, 15, 'React saw every event of the three presses');
});

test('a press on the menu button React has not hydrated shows the menu open at once, and React takes it over once the navbar has hydrated', () => {
  const page = runEarlyPresses();
  page.press('menu');
  assert.deepEqual(page.menu(), {open: true, expanded: 'true', overflow: 'hidden'});
  assert.deepEqual(page.reactSaw, [], 'React would hydrate the navbar at once to answer it');
  page.key('Tab');
  assert.equal(page.menu().open, true, 'only Escape closes it');
  page.navbarHydrates();
  assert.deepEqual(page.replayed, [], 'not in the effect that reports it');
  page.runTimers();
  assert.deepEqual(
    page.replayed,
    ['click menu (menu closed)'],
    'the script’s state is taken off in the task of the click',
  );
  assert.deepEqual(page.menu(), {open: true, expanded: 'true', overflow: 'hidden'}, 'which React answers: open');
  page.key('Escape');
  assert.equal(page.menu().open, true, 'Escape is React’s now');
  page.setHasHydrated('true');
  page.nextFrames(100);
  assert.equal(page.replayed.length, 1, 'nor is the press made again when the app has hydrated');
});

test('a menu the script opened is handed to React when the app has hydrated, if the navbar did not say so first', () => {
  const page = runEarlyPresses();
  page.press('menu');
  page.setHasHydrated('true');
  assert.equal(page.menu().open, true);
  page.reactHydrates('menu');
  page.nextFrames(1);
  assert.deepEqual(page.replayed, ['click menu (menu closed)']);
  assert.deepEqual(page.menu(), {open: true, expanded: 'true', overflow: 'hidden'});
});

test('a tab pressed before the menu is still made again once the app has hydrated', () => {
  const page = runEarlyPresses();
  page.press('tab 2');
  page.press('menu');
  page.press('drawer');
  assert.equal(page.menu().open, true, 'a press on the drawer’s place leaves the menu open');
  page.press('backdrop');
  assert.equal(page.menu().open, false);
  assert.deepEqual(page.reactSaw, [], 'React saw none of the four presses');
  page.setHasHydrated('true');
  page.reactHydrates('tab 2');
  page.nextFrames(1);
  assert.deepEqual(page.replayed, [
    'focus menu preventScroll=true',
    'focus tab 2 preventScroll=true',
    'click tab 2 (menu closed)',
  ]);
});

test('a failure screen closes the menu the script opened, and the button has the focus back', () => {
  const page = runEarlyPresses();
  page.press('menu');
  page.closeEarlyMenu();
  assert.deepEqual(page.menu(), {open: false, expanded: 'false', overflow: ''});
  assert.deepEqual(page.replayed, ['focus menu preventScroll=true']);
});

test('the navbar, once hydrated, puts back the scroll lock its effects took off, until the hand-off', () => {
  const page = runEarlyPresses();
  page.press('menu');
  page.setBodyOverflow('visible'); // the theme's lock of a menu it thinks closed
  page.navbarHydrates();
  assert.equal(page.menu().overflow, 'hidden');
});

test('the menu the script opened closes on a press on its backdrop or its button, or on Escape, and the press is forgotten', () => {
  for (const close of ['backdrop', 'menu', 'Escape', 'Escape after the app hydrated']) {
    const page = runEarlyPresses();
    page.press('menu');
    if (close === 'backdrop' || close === 'menu') page.press(close);
    if (close === 'Escape') page.key('Escape');
    page.setHasHydrated('true');
    if (close === 'Escape after the app hydrated') page.key('Escape');
    assert.deepEqual(page.menu(), {open: false, expanded: 'false', overflow: ''}, close);
    page.reactHydrates('menu');
    page.navbarHydrates();
    page.runTimers();
    page.nextFrames(100);
    assert.deepEqual(
      page.replayed.filter((call) => call.startsWith('click')),
      [],
      `${close}: not opened again`,
    );
    assert.ok(page.replayed.at(-1)?.startsWith('focus menu'), `${close}: the button has the focus back`);
    assert.deepEqual(page.reactSaw, [], `${close}: React saw none of it`);
  }
});

test('a menu button React has hydrated is left to React', () => {
  const page = runEarlyPresses();
  page.reactHydrates('menu');
  page.press('menu');
  assert.equal(page.menu().open, false);
  assert.equal(page.reactSaw.length, 5, 'React saw every event of the press');
});

test('a menu the script opened closes when the app has hydrated if its button is gone', () => {
  const page = runEarlyPresses();
  page.press('menu');
  assert.equal(page.menu().open, true);
  page.disconnect('menu');
  page.setHasHydrated('true');
  assert.deepEqual(page.menu(), {open: false, expanded: 'false', overflow: ''});
  page.nextFrames(100);
  assert.deepEqual(page.replayed, []);
});

test('with a failure screen up, the app will not start, so the menu is not shown open (it would stay loading)', () => {
  for (const screen of ['page-load-error', 'base-url-issue-banner']) {
    const page = runEarlyPresses();
    page.showFailureScreen(screen);
    page.press('menu');
    assert.equal(page.menu().open, false, screen);
  }
});
