import {useEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import IconArrow from '@theme/Icon/Arrow';
import type {Props} from '@theme/DocRoot/Layout/Sidebar/ExpandButton';
import styles from './styles.module.css';

/**
 * The strip shown in place of a hidden sidebar. Docusaurus renders it as a <div role="button"> that
 * toggled the sidebar on *any* key, Tab included, so tabbing past it reopened the sidebar; and focus
 * was lost when either button disappeared. This one is a <button> (Enter and Space), takes focus
 * when the sidebar is hidden, and hands focus to the collapse button when it shows the sidebar.
 */
export default function DocRootLayoutSidebarExpandButton({toggleSidebar}: Props): ReactNode {
  const ref = useRef<HTMLButtonElement>(null);
  const label = translate({
    id: 'theme.docs.sidebar.expandButtonAriaLabel',
    message: 'Expand sidebar',
    description: 'The ARIA label and title attribute for expand button of doc sidebar',
  });
  const collapseLabel = translate({
    id: 'theme.docs.sidebar.collapseButtonAriaLabel',
    message: 'Collapse sidebar',
    description: 'The title attribute for collapse button of doc sidebar',
  });

  useEffect(() => {
    // Mounted because the reader just hid the sidebar: take focus from the collapse button, which
    // is hidden now (or has already dropped focus to <body>).
    const active = document.activeElement;
    if (active === document.body || ref.current?.closest('aside')?.contains(active)) ref.current?.focus();
  }, []);

  const expand = () => {
    const sidebar = ref.current?.closest('aside');
    toggleSidebar();
    // After React has shown the sidebar again (this button is gone by then). On a busy phone the
    // sidebar may not take focus in the first frame (not rendered, or not visible yet), so try for
    // half a second of frames.
    const focusCollapseButton = (framesLeft: number) => {
      const button = sidebar?.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(collapseLabel)}"]`);
      button?.focus();
      if (button && document.activeElement === button) return;
      if (framesLeft > 0) requestAnimationFrame(() => focusCollapseButton(framesLeft - 1));
    };
    requestAnimationFrame(() => focusCollapseButton(30));
  };

  return (
    <button
      type="button"
      ref={ref}
      className={`clean-btn ${styles.expandButton}`}
      title={label}
      aria-label={label}
      onClick={expand}
    >
      <IconArrow className={styles.expandButtonIcon} />
    </button>
  );
}
