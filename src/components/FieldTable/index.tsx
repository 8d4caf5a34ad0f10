import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {parseFields, type FieldSpec} from './fields';
import DataTable from '@site/src/components/DataTable';
import ColumnHeaders from '@site/src/components/DataTable/ColumnHeaders';
import styles from './styles.module.css';
import {registerIsland} from '@site/plugins/startup/islands';

export {parseFields, type FieldSpec};

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

function typeLabel(field: FieldSpec): string {
  const base = field.format ? `${field.type} (${field.format})` : field.type;
  return field.nullable ? `${base} or null` : base;
}

export interface FieldTableProps {
  /** The fields, in order, usually imported from a JSON file next to the page. */
  data: unknown;
  /** Visible caption that names the table for every reader, including screen reader users. */
  caption: string;
}

/**
 * A table of record fields: name, type, meaning (with the allowed values) and an example value
 * written as JSON. Each field name is an anchor, so other pages can link to `#field-<name>`.
 */
function FieldTable({data, caption}: FieldTableProps): ReactNode {
  const brokenLinks = useBrokenLinks();
  const fields = parseFields(data);
  // Register the row anchors, so that links to `#field-<name>` pass the build's anchor check.
  for (const field of fields) brokenLinks.collectAnchor(`field-${field.name}`);
  return (
    <DataTable caption={caption}>
      <ColumnHeaders names={['#', 'Field', 'Type', 'Description', 'Example']} />
      <tbody>
        {fields.map((field, index) => (
          <tr key={field.name} id={`field-${field.name}`}>
            <td className={styles.position}>{index + 1}</td>
            <th scope="row" className={styles.name}>
              <code>{field.name}</code>
            </th>
            <td className={styles.type}>{typeLabel(field)}</td>
            <td>
              <InlineCode text={field.description} />
              {field.enum && (
                <>
                  {' '}
                  Values:{' '}
                  {field.enum.map((value, i) => (
                    <span key={String(value)}>
                      {i > 0 && ', '}
                      <code>{String(value)}</code>
                    </span>
                  ))}
                  .
                </>
              )}
            </td>
            <td className={styles.example}>
              <code>{JSON.stringify(field.example)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

// An island of the article: it hydrates on its own (plugins/startup).
export default registerIsland(FieldTable);
