import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames} from '@docusaurus/theme-common';
import styles from './styles.module.css';

/**
 * The theme's code block container without its inline `--prism-*` colours: those came from the
 * colour mode at render time, so server HTML was always light. plugins/code-highlight sets them in
 * CSS for each mode instead.
 */
export default function CodeBlockContainer<T extends 'div' | 'pre'>({
  as: As,
  ...props
}: {as: T} & ComponentProps<T>): ReactNode {
  const className = clsx(props.className, styles.codeBlockContainer, ThemeClassNames.common.codeBlock);
  return As === 'pre' ? (
    <pre {...(props as ComponentProps<'pre'>)} className={className} />
  ) : (
    <div {...(props as ComponentProps<'div'>)} className={className} />
  );
}
