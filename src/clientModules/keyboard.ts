// Keyboard behavior the Docusaurus theme leaves out (WAI-ARIA Authoring Practices):
// - Space activates a tab, as Enter does (Docusaurus tabs are <li role="tab">, which only get Enter);
// - Escape closes an open navbar dropdown (version, language) and returns focus to its button.
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

function onKeyDown(event: KeyboardEvent) {
  if (event.defaultPrevented || !(event.target instanceof Element)) return;
  if (event.key === ' ' && event.target.matches('[role="tab"]:not(button)')) {
    event.preventDefault(); // no page scroll
    (event.target as HTMLElement).click();
    return;
  }
  if (event.key === 'Escape') {
    const dropdown = event.target.closest('.dropdown--show') ?? document.querySelector('.navbar .dropdown--show');
    const toggle = dropdown?.querySelector<HTMLElement>(':scope > [aria-haspopup]');
    if (!toggle) return;
    toggle.focus();
    // The dropdown keeps its open state inside React and toggles it on Enter on its button.
    toggle.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true, cancelable: true}));
  }
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', onKeyDown);
}
