import {
  isValidElement,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {hydrateRoot, type Root} from 'react-dom/client';
import {useContextBridge} from 'its-fine';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {BrowserContextProvider} from '@docusaurus/core/lib/client/browserContext';
import {IslandIdScope} from '../island-ids';
import {appAddressOf, isPagePath} from './links';
import IslandBoundary from './boundary';
import {ISLAND_ATTRIBUTE, markIslands} from './walk';

/**
 * The article's element tree, to walk: the MDX module's default export called, a plain function
 * component whose one hook (the MDX components) runs as part of this component, on every render.
 */
function contentTree(content: ReactNode): ReactNode {
  if (!isValidElement<object>(content) || typeof content.type !== 'function') return content;
  return (content.type as (props: object) => ReactNode)(content.props);
}

/** Tells the article that its island has hydrated (the island root's first effect). */
function HydrationReport({index, onHydrated}: {index: number; onHydrated: (index: number) => void}): null {
  useEffect(() => {
    onHydrated(index);
  }, [index, onHydrated]);
  return null;
}

/**
 * Hydrates each island of `container` in a root of its own (`render(index)` gives what to render in
 * it). Islands on screen (or nearly) go first, the others one by one when the browser is idle, and
 * one the reader points at, touches or focuses at once. Returns what to do when the article goes.
 */
function hydrateIslands(
  container: HTMLElement,
  render: (index: number) => ReactNode,
  roots: Map<number, Root>,
): () => void {
  const pending = new Map<Element, number>();
  container.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`).forEach((element) => {
    pending.set(element, Number(element.getAttribute(ISLAND_ATTRIBUTE)));
  });
  container.setAttribute(ISLANDS_STATE, pending.size ? 'pending' : 'hydrated');
  const hydrate = (element: Element) => {
    const index = pending.get(element);
    if (index === undefined) return;
    pending.delete(element);
    visible.unobserve(element);
    // A transition, as the app's own hydration: React hydrates it in short slices.
    startTransition(() => {
      const root = hydrateRoot(element, render(index), {
        // Each root counts its own ids: a prefix keeps two islands from giving out the same one.
        identifierPrefix: `island-${index}-`,
        onRecoverableError: (error: unknown, info: unknown) =>
          console.error('An island of the article failed to hydrate:', error, info),
      });
      roots.set(index, root);
    });
  };
  const visible = new IntersectionObserver(
    (entries) => entries.filter((entry) => entry.isIntersecting).forEach((entry) => hydrate(entry.target)),
    {rootMargin: '200px'},
  );
  pending.forEach((_, element) => visible.observe(element));
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  let idle = 0;
  const hydrateNextWhenIdle = () => {
    idle = whenIdle(() => {
      const next = pending.keys().next();
      if (next.done) return;
      hydrate(next.value);
      hydrateNextWhenIdle();
    });
  };
  hydrateNextWhenIdle();
  const onIntent = (event: Event) => {
    const island = event.target instanceof Element && event.target.closest(`[${ISLAND_ATTRIBUTE}]`);
    if (island) hydrate(island);
  };
  const intents = ['pointerdown', 'pointerover', 'touchstart', 'focusin'] as const;
  for (const type of intents) container.addEventListener(type, onIntent, {capture: true, passive: true});
  return () => {
    visible.disconnect();
    cancelIdle(idle);
    for (const type of intents) container.removeEventListener(type, onIntent, {capture: true});
    // Not while React is committing the page that replaces this one.
    const unmounting = [...roots.values()];
    roots.clear();
    window.setTimeout(() => unmounting.forEach((root) => root.unmount()));
  };
}

/** The article's attribute that says whether all its islands have hydrated (README.md lists them all). */
export const ISLANDS_STATE = 'data-islands';

/**
 * The inner HTML of the adopted article: empty, and never written, since hydration keeps the
 * server's children. One object for every render: React 19 writes `innerHTML` again whenever this
 * prop is a new object, which would empty the article on its next render.
 */
const ADOPTED_HTML = {__html: ''};

export interface StaticArticleProps {
  className: string;
  /** Before the content: the page's title when the Markdown has none. */
  header?: ReactNode;
  /** The compiled MDX content, as an element. */
  content: ReactNode;
}

/**
 * A doc page's article. On the first load of a page its server HTML is adopted as it is: React does
 * not hydrate the headings, paragraphs, tables and code, only the islands, the components that need
 * it (registered with `registerIsland`), each in a root of its own (see hydrateIslands). Links of the
 * static HTML open pages inside the app, as Docusaurus's `<Link>` would. After a client-side
 * navigation, or if the server HTML is not there, the article is rendered as React always does.
 */
export default function StaticArticle({className, header, content}: StaticArticleProps): ReactNode {
  const isBrowser = useIsBrowser();
  const [adopted, setAdopted] = useState(() => !isBrowser && typeof window !== 'undefined');
  const container = useRef<HTMLDivElement>(null);
  const history = useHistory();
  const {baseUrl} = useDocusaurusContext().siteConfig;
  const {tree, islands} = markIslands(contentTree(content), IslandBoundary);
  // The app's contexts for the islands' roots, and an "is browser" flag false while they hydrate.
  const Bridge = useContextBridge();
  const [roots] = useState(() => new Map<number, Root>());
  const [hydrated] = useState(() => new Set<number>());
  // Server and browser walk the same tree, so the article has one boundary per island of the walk.
  const [islandCount] = useState(islands.length);
  const [onHydrated] = useState(() => (index: number) => {
    hydrated.add(index);
    container.current?.querySelector(`[${ISLAND_ATTRIBUTE}="${index}"]`)?.setAttribute('data-hydrated', '');
    if (hydrated.size === islandCount) container.current?.setAttribute(ISLANDS_STATE, 'hydrated');
  });
  const renderIsland = (index: number): ReactNode => (
    <>
      <Bridge>
        <BrowserContextProvider>
          <IslandIdScope index={index}>{islands[index]}</IslandIdScope>
        </BrowserContextProvider>
      </Bridge>
      <HydrationReport index={index} onHydrated={onHydrated} />
    </>
  );
  // The latest render's islands and contexts, for the roots hydrated after it.
  const render = useRef(renderIsland);
  useLayoutEffect(() => {
    render.current = renderIsland;
  });

  // Rendered rather than hydrated (a hydration failure elsewhere): no server HTML, so render it.
  useLayoutEffect(() => {
    if (adopted && !container.current?.firstChild) setAdopted(false);
  }, [adopted]);

  useEffect(() => {
    if (!adopted || !container.current) return undefined;
    return hydrateIslands(container.current, (index) => render.current(index), roots);
  }, [adopted, roots]);

  // A context the islands read changed (this component reads them all): pass it to those hydrated.
  useEffect(() => {
    startTransition(() => hydrated.forEach((index) => roots.get(index)?.render(render.current(index))));
  });

  if (!adopted) {
    return (
      <div className={className}>
        {header}
        {tree}
      </div>
    );
  }

  const openInApp = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (event.defaultPrevented || !(link instanceof HTMLAnchorElement) || link.closest(`[${ISLAND_ATTRIBUTE}]`)) return;
    const address = appAddressOf(
      {
        href: link.href,
        target: link.target,
        download: link.hasAttribute('download'),
        button: event.button,
        modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
      },
      window.location.href,
      (pathname) => isPagePath(pathname, baseUrl),
    );
    if (address === null) return;
    event.preventDefault();
    history.push(address);
  };
  return (
    // Clicks on the links of the server HTML are handled here, as a `<Link>` would.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the links inside take the keys; this only routes their clicks
    <div
      ref={container}
      className={className}
      dangerouslySetInnerHTML={ADOPTED_HTML}
      suppressHydrationWarning
      onClick={openInApp}
    />
  );
}
