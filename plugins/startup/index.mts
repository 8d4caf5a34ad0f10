// The page start-up layer (README.md in this folder): a Docusaurus plugin for its theme
// components, and the site config it needs. `STARTUP_LAYER=off` builds the site with Docusaurus's
// own start-up instead, for the day an upgrade breaks the layer.
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Config, LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import {findInertComponents, inertComponentsError} from './island-check.mts';
import {buildStartScript, docusaurusTemplate, paintFirstTemplate} from './template.mts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The layer is on unless `STARTUP_LAYER` is `off`. */
export function startupLayerEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env.STARTUP_LAYER ?? 'on';
  if (value !== 'on' && value !== 'off') {
    throw new Error(`STARTUP_LAYER is "${value}": set it to "off" for Docusaurus's own start-up, or leave it unset.`);
  }
  return value === 'on';
}

export interface StartupOptions extends Record<string, unknown> {
  /** The folders of MDX whose components the island check reads, relative to the site. */
  contentDirs: string[];
}

/** The site config of the layer, on or off: its page template, Docusaurus's banner, its plugin. */
export function startupConfig(
  enabled: boolean,
  options: StartupOptions,
): Pick<Config, 'ssrTemplate' | 'baseUrlIssueBanner'> & {
  plugins: PluginConfig[];
} {
  if (!enabled) return {ssrTemplate: undefined, baseUrlIssueBanner: true, plugins: []};
  return {
    ssrTemplate: paintFirstTemplate(docusaurusTemplate()),
    // Docusaurus's banner script assumes the app runs before DOMContentLoaded, which the start
    // script defers; the start script shows its own banner instead.
    baseUrlIssueBanner: false,
    plugins: [[path.join(here, 'index.mts'), options]],
  };
}

/** The comment on a script's first line that asks V8 to compile all of it eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rule that runs the route registry through ./registry-loader.cjs: module paths out of the browser's copy, chunk names in the server's. */
function registryRule(generatedFilesDir: string, isServer: boolean) {
  return {
    test: new RegExp(`^${escapeRegExp(path.join(generatedFilesDir, 'registry.js'))}$`),
    use: [{loader: path.join(here, 'registry-loader.cjs'), options: {modulePath: isServer ? 'chunk name' : 'empty'}}],
  };
}

/**
 * The layer's theme components (the article, the navbar and footer, the desktop-only parts), and the
 * island check, which fails the build when an MDX component would stay inert (./island-check.mts).
 */
export default function startupPlugin(context: LoadContext, options: StartupOptions): Plugin {
  const startScript = buildStartScript();
  return {
    name: 'startup',
    getThemePath: () => path.join(here, 'theme'),
    // Last in the body, after the data block (in the head) it reads.
    injectHtmlTags: () => ({postBodyTags: [{tagName: 'script', innerHTML: startScript}]}),
    configureWebpack(config, isServer, {currentBundler}) {
      const module = {rules: [registryRule(context.generatedFilesDir, isServer)]};
      if (isServer) return {module};
      const {BannerPlugin, Compilation} = currentBundler.instance;
      const initial = {chunks: 'initial' as const, enforce: true};
      return {
        module,
        // React DOM and the other libraries in scripts of their own, and V8's explicit compile hint
        // on each entry script (after minification, which would strip it): the start script adds
        // one script per task, and Chromium compiles each whole in its own, not lazily in main.js's.
        // `libraries` ranks below Docusaurus's `styles` group (50), so the CSS stays in one file.
        optimization: {
          splitChunks: {
            cacheGroups: {
              reactDom: {
                ...initial,
                test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
                name: 'react-dom',
                priority: 60,
              },
              libraries: {...initial, test: /[\\/]node_modules[\\/]/, name: 'libraries', priority: 45},
            },
          },
        },
        plugins: [
          new BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            entryOnly: true,
            test: /\.js$/,
            stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE,
          }),
        ],
      };
    },
    async loadContent() {
      const error = inertComponentsError(findInertComponents(context.siteDir, options.contentDirs));
      if (error) throw error;
    },
  };
}
