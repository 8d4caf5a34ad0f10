// Docusaurus's client entry (core/lib/client/clientEntry.js), whose address now resolves here. It
// starts the app as Docusaurus's does, but evaluates the app's modules in five tasks of their own
// instead of the one that ran main.js: 13–25 ms on this machine (100–200 ms on a phone-class CPU at
// 8×), every module the app starts with, from React DOM to the route table. Between the groups the
// reader's input is answered. The router and the head manager, which are small, are evaluated with
// main.js; then, in Docusaurus's order, React DOM, the client modules, the route table, the app and
// `window.docusaurus`, which the client modules expect after them. Only CommonJS modules and modules
// with a default export are imported as namespaces: a library's namespace keeps all its exports.
import {startTransition} from 'react';
import {HelmetProvider} from 'react-helmet-async';
import {BrowserRouter, HashRouter} from 'react-router-dom';
import siteConfig from '@generated/docusaurus.config';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import preload from './preload';

/** Resolves in a task of its own, after the input and rendering the browser has waiting. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

const onRecoverableError = (error: unknown, errorInfo: unknown) => {
  console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
};

type DocusaurusWindow = Window & {docusaurus?: unknown; docusaurusRoot?: {render(app: React.ReactNode): void}};

async function startApp(): Promise<void> {
  // `webpackMode: "eager"`: no chunk of their own; each module is evaluated when its import resolves.
  // React DOM's own module is the largest group (7–12 ms here): not in main.js's task as well.
  await nextTask();
  const {default: ReactDOM} = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@generated/client-modules');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@generated/routes');
  await nextTask();
  const {default: App} = await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App.js');
  await nextTask();
  const {default: docusaurus} = await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus.js');

  const target = window as DocusaurusWindow;
  target.docusaurus = docusaurus;
  const app = (
    <HelmetProvider>
      {siteConfig.future.experimental_router === 'hash' ? (
        <HashRouter>
          <App />
        </HashRouter>
      ) : (
        <BrowserRouter>
          <App />
        </BrowserRouter>
      )}
    </HelmetProvider>
  );
  const renderApp = () => {
    if (target.docusaurusRoot) {
      target.docusaurusRoot.render(app);
      return;
    }
    const container = document.getElementById('__docusaurus')!;
    if (process.env.HYDRATE_CLIENT_ENTRY) {
      target.docusaurusRoot = ReactDOM.hydrateRoot(container, app, {onRecoverableError});
    } else {
      const root = ReactDOM.createRoot(container, {onRecoverableError});
      root.render(app);
      target.docusaurusRoot = root;
    }
  };
  await preload(window.location.pathname);
  startTransition(renderApp);
}

if (ExecutionEnvironment.canUseDOM) void startApp();
