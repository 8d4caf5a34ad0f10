// A route's code that fails to load while the page starts (a 404 or 500 for one chunk after a
// deployment, a dropped connection) leaves Docusaurus's start-up promise rejected and the page
// inert, with no message. Show the start script's error text with Retry instead (SPEC §8). Failures
// during client-side navigation never get here: Docusaurus reloads the page for those.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {isChunkLoadError} from '../lib/chunkLoadError';

declare global {
  interface Window {
    /** Set by the page's start script (plugins/paint-first/template.mts). */
    tributaryShowLoadError?: (detail: string) => void;
    /** Closes a phone menu the start script showed open while the app started. */
    tributaryCloseEarlyMenu?: () => void;
  }
}

if (ExecutionEnvironment.canUseDOM) {
  window.addEventListener('unhandledrejection', (event) => {
    if (!isChunkLoadError(event.reason)) return;
    const message = String((event.reason as Error).message).split('\n')[0];
    window.tributaryShowLoadError?.(message);
  });
}
