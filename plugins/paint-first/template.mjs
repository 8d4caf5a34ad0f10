// The page template for server-side generation (Docusaurus `ssrTemplate`): Docusaurus's own
// template, except that the app's scripts run after the server-rendered page has been painted.
//
// Why: with `<script defer>`, a browser that has the scripts before it paints (a fast network, a
// cached visit) evaluates them and hydrates first, so the reader looks at a blank page through the
// longest task of the load. Here the scripts are still fetched at once (preload, at the `defer`
// scripts' low priority) but only inserted, in order, once the first contentful paint is reported.
// A hidden or prerendering tab paints nothing, so it starts at once; browsers without paint timing
// wait one frame; a paint that never comes still starts the app after START_TIMEOUT_MS.
import ssgTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html.js';

const START_TIMEOUT_MS = 2000;

const DEFER_SCRIPTS =
  /\n\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;

const PRELOAD_SCRIPTS = `
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>`;

/** Starts the app: adds the scripts in order, once, after the first contentful paint. */
function startAfterPaint(sources, timeoutMs) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    sources.forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (document.visibilityState !== 'visible') {
    start();
  } else if (!types || types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start);
    });
  } else {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start);
    }).observe({type: 'paint', buffered: true});
    setTimeout(start, timeoutMs);
  }
}

/** The inline script; the sources are serialized so that no `<` can close the element. */
const START_SCRIPT = `
    <script>(${startAfterPaint.toString()})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)).replace(/</g, '\\\\u003c') %>, ${START_TIMEOUT_MS})</script>`;

function paintFirstTemplate(template) {
  if (!DEFER_SCRIPTS.test(template)) {
    throw new Error(
      'plugins/paint-first: the Docusaurus page template no longer has the expected `<script … defer>` loop; ' +
        'update DEFER_SCRIPTS in plugins/paint-first/template.mjs to the new template.',
    );
  }
  const withPreloads = template.replace(DEFER_SCRIPTS, PRELOAD_SCRIPTS);
  if (!withPreloads.includes('\n  </body>')) {
    throw new Error(
      'plugins/paint-first: the Docusaurus page template has no `</body>` line to put the start script before.',
    );
  }
  return withPreloads.replace('\n  </body>', `${START_SCRIPT}\n  </body>`);
}

export const ssrTemplate = paintFirstTemplate(ssgTemplate.default ?? ssgTemplate);
export {paintFirstTemplate, startAfterPaint, START_TIMEOUT_MS};
