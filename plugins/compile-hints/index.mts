// Docusaurus plugin: marks the app's entry scripts (runtime~main.js, react-dom.js, libraries.js, main.js) with V8's
// explicit compile hint, `//# allFunctionsCalledOnLoad`.
//
// Why: nearly every function in those scripts runs while the page starts, and V8 would otherwise
// compile each one lazily, on the main thread, the first time it is called: a large share of the
// longest task of a page load. With the hint, Chromium compiles them eagerly with the script, in one
// pass (off the main thread when it streams the script). Other browsers ignore the comment. Route chunks are left lazy:
// much of their code runs only on interaction.
import type {Plugin} from '@docusaurus/types';

/** The comment V8 looks for on the first line of a script. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export default function compileHintsPlugin(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {BannerPlugin, Compilation} = currentBundler.instance;
      return {
        plugins: [
          new BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            entryOnly: true,
            test: /\.js$/,
            // After minification, which would strip the comment; before the content hashes.
            stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE,
          }),
        ],
      };
    },
  };
}
