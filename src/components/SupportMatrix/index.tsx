import type {ReactNode} from 'react';
import clsx from 'clsx';
import {LEVEL_LABELS, PROVIDERS, parseSupportData, splitInlineCode, type SupportLevel} from './data';
import DataTable from '@site/src/components/DataTable';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';

export {PROVIDERS, parseSupportData} from './data';
export type {ProviderKey, SupportLevel, SupportRow} from './data';

/** Symbol and colour of each level. Both only repeat the text label, which is always shown. */
const LEVEL_STYLES: Record<SupportLevel, {symbol: string; className: string}> = {
  native: {symbol: '●', className: styles.native},
  edge_compute: {symbol: '◐', className: styles.edgeCompute},
  unsupported: {symbol: '○', className: styles.unsupported},
};

/** Renders text in which `backquoted` parts are code, as in Markdown. */
function InlineCode({text}: {text: string}): ReactNode {
  return splitInlineCode(text).map((part, index) => (part.code ? <code key={index}>{part.text}</code> : part.text));
}

export interface SupportMatrixProps {
  /** The matrix, usually imported from a JSON file next to the page. */
  data: unknown;
  /** Visible caption that names the table for every reader, including screen reader users. */
  caption: string;
  /** Header of the first column. */
  featureHeader?: string;
  /** When set, each feature name links to the heading `#<feature>` on the same page. */
  linkFeatures?: boolean;
}

/**
 * A feature × provider support table with a caption, scoped header cells, and a text label in
 * every cell (the symbols and colours only repeat it). A footer row counts native support.
 */
function SupportMatrix({data, caption, featureHeader = 'Action', linkFeatures = false}: SupportMatrixProps): ReactNode {
  const rows = parseSupportData(data);
  const hasNotes = rows.some(([, row]) => row.note !== undefined);
  return (
    <DataTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{featureHeader}</th>
          {PROVIDERS.map((provider) => (
            <th key={provider.key} scope="col">
              {provider.label}
            </th>
          ))}
          {hasNotes && <th scope="col">Notes</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map(([feature, row]) => (
          <tr key={feature}>
            <th scope="row" className={styles.feature}>
              {linkFeatures ? (
                <a href={`#${feature}`}>
                  <code>{feature}</code>
                </a>
              ) : (
                <code>{feature}</code>
              )}
            </th>
            {PROVIDERS.map((provider) => {
              const level = row[provider.key];
              return (
                <td key={provider.key} className={clsx(styles.cell, LEVEL_STYLES[level].className)}>
                  <span aria-hidden="true" className={styles.symbol}>
                    {LEVEL_STYLES[level].symbol}
                  </span>{' '}
                  {LEVEL_LABELS[level]}
                </td>
              );
            })}
            {hasNotes && <td className={styles.note}>{row.note ? <InlineCode text={row.note} /> : null}</td>}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Native</th>
          {PROVIDERS.map((provider) => {
            const native = rows.filter(([, row]) => row[provider.key] === 'native').length;
            return (
              <td key={provider.key} className={styles.cell}>
                {native} of {rows.length}
              </td>
            );
          })}
          {hasNotes && <td />}
        </tr>
      </tfoot>
    </DataTable>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(SupportMatrix);
