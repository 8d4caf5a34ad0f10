// The first `localeCompare` and the first `Intl.DateTimeFormat` of a page load the browser's ICU
// collation and date data: 10–25 ms each on a mid-range phone, spent inside hydration (the docs
// plugin sorts its paths with `localeCompare`; the "Last updated" line formats a date). Loading
// them in two short tasks of their own, while the page's chunks are still being fetched, keeps
// that time out of hydration's long task, so the page answers input sooner.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  setTimeout(() => 'a'.localeCompare('b'));
  setTimeout(() => {
    // The same options as the theme's "Last updated" date, so the same data is loaded.
    new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(0);
  });
}
