import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * The centred loading spinner of SPEC §8, for content fetched on demand. It fades in after a short
 * delay (CSS only), so content that arrives at once does not flash a spinner; screen readers get the
 * label as a status at once.
 */
export default function LoadingSpinner({label}: {label: string}): ReactNode {
  return (
    <div className={styles.container} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}
