// Registers static/sw.js in production builds, so that navigating while offline shows an error
// page with Retry instead of the browser's own error page (SPEC §8: no failed load leaves a blank page).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {brand} from '../brand';

function register() {
  navigator.serviceWorker.register(`${brand.baseUrl}sw.js`, {scope: brand.baseUrl}).catch((error: unknown) => {
    console.warn('The offline fallback could not be installed:', error);
  });
}

if (ExecutionEnvironment.canUseDOM && process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  // After the page's own loads. The app starts after the first paint, often after `load` has fired.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
