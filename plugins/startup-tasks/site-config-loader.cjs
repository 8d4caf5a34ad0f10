// Webpack loader for Docusaurus's generated site config, in the browser bundle only. CommonJS
// JavaScript for the reason registry-loader.cjs gives.
//
// The browser gets the whole site config, `ssrTemplate` included: the page template with the start
// script and its comments (plugins/paint-first), some 6.5 kB raw and 2.5 kB gzip in main.js on every
// page. Only the server renders pages with it, from the config it loads itself, so the browser's
// copy is emptied.
'use strict';

const TEMPLATE = /^( {2}"ssrTemplate": )"(?:[^"\\\n]|\\.)*"/gm;

/** @param {string} source */
module.exports = function siteConfigLoader(source) {
  const templates = (source.match(TEMPLATE) || []).length;
  if (templates !== 1) {
    throw new Error(
      `plugins/startup-tasks/site-config-loader.cjs: found ${templates} "ssrTemplate" entries in the site config, not one; ` +
        "Docusaurus's generated config format changed: update TEMPLATE.",
    );
  }
  return source.replace(TEMPLATE, '$1""');
};
