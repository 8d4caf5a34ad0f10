import type {MouseEvent, ReactNode} from 'react';
import SkipToContentOriginal from '@theme-original/SkipToContent';

/**
 * Docusaurus focuses <main> with a temporary tabindex that it removes at once; current Chromium
 * then moves focus back to <body> (the focus fix-up rule), so the skip link did nothing. Keep the
 * tabindex until focus leaves the main content.
 */
function focusMainContent(event: MouseEvent) {
  if (!(event.target instanceof HTMLAnchorElement)) return;
  const target =
    document.querySelector<HTMLElement>('main:first-of-type') ??
    document.getElementById('__docusaurus_skipToContent_fallback');
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  target.setAttribute('tabindex', '-1');
  target.focus();
  target.addEventListener('blur', () => target.removeAttribute('tabindex'), {once: true});
}

export default function SkipToContent(): ReactNode {
  return (
    // The link inside handles Enter as a click; this wrapper only replaces its focus logic.
    <div onClickCapture={focusMainContent}>
      <SkipToContentOriginal />
    </div>
  );
}
