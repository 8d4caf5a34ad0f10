import type {ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** The HTTP method of an operation as a labelled badge (the text carries the meaning, not the colour). */
export default function ApiMethodBadge({method}: {method: string}): ReactNode {
  const name = method.toLowerCase();
  return <span className={clsx(styles.badge, 'api-method-badge', 'api-method', name)}>{name.toUpperCase()}</span>;
}
