// The API reference's components rendered to static HTML in Node, without a site build: for unit
// tests that check what an API page shows (./schema-completeness.test.mts). The components are
// bundled with esbuild (the bundler tsx brings), as the site bundles them, with the few Docusaurus
// modules they import replaced by plain stand-ins and CSS modules by their class names.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import type {ComponentType, ReactElement} from 'react';
import type {ApiParameter} from '../../src/components/ApiParameters/index.tsx';
import type {ApiSchemaProps} from '../../src/components/ApiSchema/index.tsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Plain stand-ins for the Docusaurus modules the components import. */
const STAND_INS: Record<string, string> = {
  '@docusaurus/Link': `import {createElement} from 'react';
export default function Link({to, ...props}) { return createElement('a', {href: to, ...props}); }`,
  '@docusaurus/useIsBrowser': 'export default function useIsBrowser() { return false; }',
  // A CSS module: each class is its own name.
  css: 'export default new Proxy({}, {get: (_, name) => String(name)});',
};

const ENTRY = `export {default as ApiSchema} from '@site/src/components/ApiSchema';
export {default as ApiParameters} from '@site/src/components/ApiParameters';
export {createElement} from 'react';
export {renderToStaticMarkup} from 'react-dom/server';`;

export interface ApiComponents {
  ApiSchema: ComponentType<ApiSchemaProps>;
  ApiParameters: ComponentType<{label: string; parameters: ApiParameter[]}>;
  createElement: (type: ComponentType<never>, props: object) => ReactElement;
  renderToStaticMarkup: (element: ReactElement) => string;
}

/** `<ApiSchema>`, `<ApiParameters>` and React's server renderer, from one bundle (one React). */
export async function loadApiComponents(): Promise<ApiComponents> {
  const {build} = await import('esbuild');
  const result = await build({
    stdin: {contents: ENTRY, resolveDir: root, loader: 'ts', sourcefile: 'api-components.ts'},
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'silent',
    define: {'process.env.NODE_ENV': '"production"'},
    // react-dom/server requires Node's built-in modules, which an ES module bundle cannot without this.
    banner: {
      js: "import {createRequire as __createRequire} from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'stand-ins',
        setup(bundler) {
          bundler.onResolve({filter: /^@site\//}, (args) =>
            bundler.resolve(`./${args.path.slice('@site/'.length)}`, {resolveDir: root, kind: args.kind}),
          );
          bundler.onResolve({filter: /\.css$/}, () => ({path: 'css', namespace: 'stand-in'}));
          bundler.onResolve({filter: /^@docusaurus\//}, (args) => ({path: args.path, namespace: 'stand-in'}));
          bundler.onLoad({filter: /.*/, namespace: 'stand-in'}, (args) => {
            const contents = STAND_INS[args.path];
            if (!contents) throw new Error(`static-render: no stand-in for "${args.path}"; add one to STAND_INS`);
            return {contents, loader: 'js', resolveDir: root};
          });
        },
      },
    ],
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'api-components-'));
  try {
    const file = path.join(dir, 'api-components.mjs');
    writeFileSync(file, result.outputFiles[0].text);
    return (await import(pathToFileURL(file).href)) as ApiComponents;
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
