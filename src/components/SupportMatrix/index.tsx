import {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/** How a provider applies a feature: in its own configuration, in Tributary's edge runtime, or not at all. */
export type SupportLevel = 'native' | 'edge_compute' | 'unsupported';

/** The providers Tributary configures, in column order, keyed as in the API's `ProviderType`. */
export const PROVIDERS = [
  {key: 'cloudflare', label: 'Cloudflare'},
  {key: 'cloudfront', label: 'CloudFront'},
  {key: 'google_cloud_cdn', label: 'Google Cloud CDN'},
  {key: 'fastly', label: 'Fastly'},
  {key: 'akamai', label: 'Akamai'},
  {key: 'azure_cdn', label: 'Azure CDN'},
] as const;

export type ProviderKey = (typeof PROVIDERS)[number]['key'];

/** One feature: a support level per provider, and an optional note written with `code` spans. */
export type SupportRow = Record<ProviderKey, SupportLevel> & {note?: string};

/** The matrix as stored in JSON: rows keyed by feature name, in display order. */
export type SupportData = Record<string, SupportRow>;

export const LEVELS: Record<SupportLevel, {label: string; symbol: string; className: string}> = {
  native: {label: 'Native', symbol: '●', className: styles.native},
  edge_compute: {label: 'Edge compute', symbol: '◐', className: styles.edgeCompute},
  unsupported: {label: 'Not supported', symbol: '○', className: styles.unsupported},
};

function isLevel(value: unknown): value is SupportLevel {
  return typeof value === 'string' && Object.hasOwn(LEVELS, value);
}

/**
 * Checks the shape of matrix data read from JSON and returns its rows. Any problem throws, so a
 * typo in the data file fails the build instead of showing a wrong or empty cell.
 */
export function parseSupportData(data: unknown): [string, SupportRow][] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('SupportMatrix: data must be an object keyed by feature name.');
  }
  const allowed = new Set<string>([...PROVIDERS.map((provider) => provider.key), 'note']);
  return Object.entries(data).map(([feature, row]: [string, unknown]) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new Error(`SupportMatrix: "${feature}" must be an object.`);
    }
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!allowed.has(key)) throw new Error(`SupportMatrix: "${feature}" has an unknown key "${key}".`);
    }
    for (const {key} of PROVIDERS) {
      if (!isLevel(record[key])) {
        throw new Error(
          `SupportMatrix: "${feature}.${key}" must be one of ${Object.keys(LEVELS).join(', ')} (found ${String(record[key])}).`,
        );
      }
    }
    if (record.note !== undefined && (typeof record.note !== 'string' || record.note.trim() === '')) {
      throw new Error(`SupportMatrix: "${feature}.note" must be a non-empty string.`);
    }
    return [feature, record as SupportRow];
  });
}

/** Renders text in which `backquoted` parts are code, as in Markdown. */
function InlineCode({text}: {text: string}): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
        <code key={index}>{part.slice(1, -1)}</code>
      ) : (
        part
      ),
    );
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
export default function SupportMatrix({
  data,
  caption,
  featureHeader = 'Action',
  linkFeatures = false,
}: SupportMatrixProps): ReactNode {
  const captionId = useId();
  const rows = parseSupportData(data);
  const hasNotes = rows.some(([, row]) => row.note !== undefined);
  return (
    // The wrapper scrolls sideways on narrow screens; current browsers let keyboard users focus and
    // scroll such a container, and the region is named by the table's caption.
    <div className={styles.wrapper} role="region" aria-labelledby={captionId}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {caption}
        </caption>
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
                const level = LEVELS[row[provider.key]];
                return (
                  <td key={provider.key} className={clsx(styles.cell, level.className)}>
                    <span aria-hidden="true" className={styles.symbol}>
                      {level.symbol}
                    </span>{' '}
                    {level.label}
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
      </table>
    </div>
  );
}
