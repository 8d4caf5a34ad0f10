// Ctrl+K / Cmd+K focus the first visible search box of the page. A document listener of its own,
// installed when the app starts: the navbar hydrates on its own and may not have yet, and a
// box's native focus is all the shortcut needs (React then hydrates the box and hands it the focus).
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

const SEARCH_BOXES = 'input[role="combobox"][aria-keyshortcuts]';

/** Shown and reachable: not hidden by CSS, and not behind the open phone menu (inert). */
function canTakeFocus(box: HTMLInputElement): boolean {
  return box.getClientRects().length > 0 && box.closest('[inert]') === null;
}

function onKeyDown(event: KeyboardEvent): void {
  // Some synthetic key events (autofill) have no key.
  if (event.defaultPrevented || event.key?.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return;
  const box = Array.from(document.querySelectorAll<HTMLInputElement>(SEARCH_BOXES)).find(canTakeFocus);
  if (!box) return;
  event.preventDefault();
  box.focus();
  box.select();
}

if (ExecutionEnvironment.canUseDOM) {
  document.addEventListener('keydown', onKeyDown);
}
