// Docusaurus hides the announcement bar before hydration when *any* announcement was dismissed,
// without comparing ids, so a new announcement stayed hidden until the next reload. Show it at
// once when the dismissed announcement is an older one (SPEC §4: a new id shows the bar again).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {brand} from '../brand';

const ID_KEY = 'docusaurus.announcement.id';
const ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

if (ExecutionEnvironment.canUseDOM) {
  try {
    if (localStorage.getItem(ID_KEY) !== brand.announcement.id) {
      document.documentElement.setAttribute(ATTRIBUTE, 'false');
    }
  } catch {
    // Storage unavailable: Docusaurus already logs it and shows the bar.
  }
}
