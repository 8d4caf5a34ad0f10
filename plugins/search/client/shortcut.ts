// Ctrl+K / Cmd+K focus the first visible search box of the page. A document listener of its own,
// installed when the app starts: the navbar hydrates on its own and may not have yet, and a
// box's native focus is all the shortcut needs (the focus then hydrates the box).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

export const SEARCH_BOX_SELECTOR = 'input[role="combobox"][aria-keyshortcuts]';

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
  const box = Array.from(document.querySelectorAll<HTMLInputElement>(SEARCH_BOX_SELECTOR)).find(
    (input) => input.getClientRects().length > 0,
  );
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', onKeyDown);
}
