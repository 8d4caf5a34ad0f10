// Registers static/sw.js in production builds, so that navigating while offline shows an error
// page with Retry instead of the browser's own error page (SPEC §8: no failed load leaves a blank page).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {brand} from '../brand';

if (ExecutionEnvironment.canUseDOM && process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register(`${brand.baseUrl}sw.js`, {scope: brand.baseUrl}).catch((error: unknown) => {
      console.warn('The offline fallback could not be installed:', error);
    });
  });
}
