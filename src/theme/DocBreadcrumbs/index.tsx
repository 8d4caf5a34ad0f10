import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/** Every doc page (guides, categories, API reference) shows its Markdown actions beside the breadcrumbs. */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <div className={styles.bar}>
      <DocBreadcrumbs {...props} />
      <PageActions />
    </div>
  );
}
