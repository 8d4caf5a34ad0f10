// Docusaurus plugin: code blocks are highlighted at build time (remark.mts), so the browser needs
// no Prism. This plugin supplies the two client-side halves of that:
//   - the colours of the light and dark code themes as a stylesheet (theme-css.mts);
//   - it keeps the theme's Prism set-up module (which pulls the whole of Prism into every page)
//     out of the bundle. The few code blocks that are not highlighted at build time load the
//     theme's highlighter on demand (src/theme/CodeBlock/Content).
import {mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {ThemeConfig} from '@docusaurus/theme-common';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {themeCss} from './theme-css.mts';

const require = createRequire(import.meta.url);

export default function codeHighlightPlugin(context: LoadContext): Plugin {
  // Validated by the classic theme, so complete.
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  const cssFile = path.join(context.generatedFilesDir, 'code-highlight', 'code-theme.css');
  mkdirSync(path.dirname(cssFile), {recursive: true});
  writeFileSync(cssFile, themeCss({light: prism.theme, dark: prism.darkTheme ?? prism.theme}));
  const prismSetup = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  return {
    name: 'code-highlight',
    getClientModules() {
      return [cssFile];
    },
    configureWebpack(config, isServer) {
      if (isServer) return {};
      return {resolve: {alias: {[prismSetup.replace(/\.js$/, '')]: false, [prismSetup]: false}}};
    },
  };
}
