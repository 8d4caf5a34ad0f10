import {Suspense, use, useLayoutEffect, useRef, type ReactNode, type Ref} from 'react';
import Link from '@docusaurus/Link';
import {apiRoute} from '@site/src/lib/site';
import type {SchemaView} from './types';
import {isLazySchema, type LazySchema} from './lazy';
import styles from './styles.module.css';

// static-in-article: on a first load the server HTML shows every field (native <details>); only a page
// opened in the app, rendered by React, loads its schemas and keeps its anchor in view.

export type {SchemaView};

const literal = (value: unknown) => JSON.stringify(value);

/** `object`, `array of Origin`, `string | null`… */
export function typeLabel(schema: SchemaView): string {
  if (schema.items) {
    const item = schema.items;
    return `array of ${item.refName ?? (item.format ? `${item.type} (${item.format})` : item.type)}`;
  }
  const base = schema.format ? `${schema.type} (${schema.format})` : schema.type;
  return schema.refName && schema.type === 'object' ? `object (${schema.refName})` : base;
}

function hasChildren(schema: SchemaView): boolean {
  return Boolean(
    schema.properties?.length ||
    schema.variants ||
    schema.additionalProperties ||
    (schema.items && hasChildren(schema.items)),
  );
}

/** Whether SchemaFacts shows anything for a schema. */
function hasFacts(schema: SchemaView): boolean {
  return Boolean(
    schema.description ||
    schema.enum ||
    schema.default !== undefined ||
    schema.constraints ||
    schema.example !== undefined ||
    (schema.items && !hasChildren(schema.items) && hasFacts(schema.items)),
  );
}

/**
 * Description, allowed values, default, constraints and example of a schema; for an array of
 * values without fields (strings, say), those of its items too ("Each item:").
 */
export function SchemaFacts({schema}: {schema: SchemaView}): ReactNode {
  const items = schema.items && !hasChildren(schema.items) && hasFacts(schema.items) ? schema.items : undefined;
  return (
    <>
      {schema.description && (
        <div className={styles.description} dangerouslySetInnerHTML={{__html: schema.description}} />
      )}
      {schema.enum && (
        <p className={styles.fact}>
          Allowed values:{' '}
          {schema.enum.map((value, index) => (
            <span key={index}>
              {index > 0 && ', '}
              <code>{literal(value)}</code>
            </span>
          ))}
        </p>
      )}
      {schema.default !== undefined && (
        <p className={styles.fact}>
          Default: <code>{literal(schema.default)}</code>
        </p>
      )}
      {schema.constraints && <p className={styles.fact}>Constraints: {schema.constraints.join(', ')}</p>}
      {schema.example !== undefined && (
        <p className={styles.fact}>
          Example: <code>{literal(schema.example)}</code>
        </p>
      )}
      {schema.circular && <p className={styles.fact}>Same structure as its parent {schema.refName}.</p>}
      {items && (
        <div className={styles.items}>
          <p className={styles.fact}>Each item:</p>
          <SchemaFacts schema={items} />
        </div>
      )}
    </>
  );
}

function Flags({schema, required}: {schema: SchemaView; required?: boolean}): ReactNode {
  return (
    <>
      {required && <span className={styles.required}>required</span>}
      {schema.readOnly && <span className={styles.flag}>read-only (never sent in requests)</span>}
      {schema.writeOnly && <span className={styles.flag}>write-only (never returned)</span>}
      {schema.deprecated && <span className={styles.flag}>deprecated</span>}
    </>
  );
}

function Children({schema}: {schema: SchemaView}): ReactNode {
  const items = schema.items && hasChildren(schema.items) ? schema.items : undefined;
  return (
    <>
      {schema.properties && schema.properties.length > 0 && (
        <ul className={styles.properties}>
          {schema.properties.map((property) => (
            <Property key={property.name} name={property.name} required={property.required} schema={property.schema} />
          ))}
        </ul>
      )}
      {schema.additionalProperties && (
        <ul className={styles.properties}>
          <Property name="{any key}" schema={schema.additionalProperties} />
        </ul>
      )}
      {schema.variants && (
        <div className={styles.variants}>
          <p className={styles.fact}>
            {schema.variants.kind === 'oneOf' ? 'Exactly one of' : 'Any of'} these shapes
            {schema.variants.discriminator && (
              <>
                , chosen by <code>{schema.variants.discriminator}</code>
              </>
            )}
            :
          </p>
          {schema.variants.options.map((option, index) => (
            <details key={index} className={styles.variant}>
              <summary>
                {option.label} <span className={styles.type}>{typeLabel(option.schema)}</span>
                {childCount(option.schema) && <span className={styles.count}>{childCount(option.schema)}</span>}
              </summary>
              <SchemaFacts schema={option.schema} />
              <Children schema={option.schema} />
            </details>
          ))}
        </div>
      )}
      {items && (
        <div className={styles.items}>
          <p className={styles.fact}>Each item:</p>
          <SchemaFacts schema={items} />
          <Children schema={items} />
        </div>
      )}
    </>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a folded property holds: "3 fields", "2 fields each", "2 shapes", "any keys". */
export function childCount(schema: SchemaView): string {
  if (schema.properties?.length) return plural(schema.properties.length, 'field');
  if (schema.variants) return plural(schema.variants.options.length, 'shape');
  if (schema.items && hasChildren(schema.items)) {
    const each = childCount(schema.items);
    return each && schema.items.properties?.length ? `${each} each` : each;
  }
  if (schema.additionalProperties) return 'any keys';
  return '';
}

/** The page of the resource object a property is (or holds a list of), as a link beside its summary. */
function ObjectLink({schema}: {schema: SchemaView}): ReactNode {
  const target = schema.objectPage ? schema : schema.items?.objectPage ? schema.items : undefined;
  if (!target?.objectPage) return null;
  return (
    <Link className={styles.objectLink} to={apiRoute(target.objectPage)}>
      {target.refName} object
    </Link>
  );
}

function Property({name, required, schema}: {name: string; required?: boolean; schema: SchemaView}): ReactNode {
  const head = (
    <>
      <code className={styles.name}>{name}</code> <span className={styles.type}>{typeLabel(schema)}</span>{' '}
      <Flags schema={schema} required={required} />
    </>
  );
  const count = hasChildren(schema) ? childCount(schema) : '';
  return (
    <li className={styles.property}>
      {hasChildren(schema) ? (
        // Nested objects fold in a native <details> (keyboard-usable without JavaScript, closed by
        // default); the link to the object's page sits beside the summary, never inside it.
        <>
          <ObjectLink schema={schema} />
          <details>
            <summary>
              {head}
              {count && <span className={styles.count}>{count}</span>}
            </summary>
            <SchemaFacts schema={schema} />
            <Children schema={schema} />
          </details>
        </>
      ) : (
        <>
          <ObjectLink schema={schema} />
          <div className={styles.head}>{head}</div>
          <SchemaFacts schema={schema} />
        </>
      )}
    </li>
  );
}

export interface ApiSchemaProps {
  /** Names the schema for assistive technologies, such as "Request body". */
  label: string;
  /** The schema, or in the browser the page's schema module's handle on it (./lazy.ts). */
  schema: SchemaView | LazySchema;
}

/** The section of one body schema, named for assistive technologies. */
function Section({
  label,
  ref,
  busy,
  children,
}: {
  label: string;
  ref?: Ref<HTMLElement>;
  busy?: boolean;
  children: ReactNode;
}): ReactNode {
  return (
    <section ref={ref} className={styles.schema} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </section>
  );
}

function SchemaFields({schema}: {schema: SchemaView}): ReactNode {
  return (
    <>
      <p className={styles.root}>
        <span className={styles.type}>{typeLabel(schema)}</span> <Flags schema={schema} />
      </p>
      <SchemaFacts schema={schema} />
      <Children schema={schema} />
    </>
  );
}

/**
 * The page scrolled to the anchor of its address before these fields arrived: if the anchor comes
 * after them, it has moved down by their height, so scroll to it again.
 */
function keepAnchorInView(section: HTMLElement | null): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const anchor = id ? document.getElementById(id) : null;
  if (section && anchor && section.compareDocumentPosition(anchor) & Node.DOCUMENT_POSITION_FOLLOWING) {
    anchor.scrollIntoView();
  }
}

function LoadingSchema({label, schema}: {label: string; schema: LazySchema}): ReactNode {
  const view = use(schema.load());
  const section = useRef<HTMLElement>(null);
  useLayoutEffect(() => keepAnchorInView(section.current), []);
  return (
    <Section ref={section} label={label}>
      {view ? (
        <SchemaFields schema={view} />
      ) : (
        <p role="alert">These fields could not be loaded. Reload the page to see them.</p>
      )}
    </Section>
  );
}

/**
 * A request or response body schema as a nested list; objects, arrays and alternatives fold with
 * native <details>, so the page reads without JavaScript.
 */
export default function ApiSchema({label, schema}: ApiSchemaProps): ReactNode {
  const view = isLazySchema(schema) ? schema.view : schema;
  if (view) {
    return (
      <Section label={label}>
        <SchemaFields schema={view} />
      </Section>
    );
  }
  return (
    <Suspense
      fallback={
        <Section label={label} busy>
          <p>Loading the fields…</p>
        </Section>
      }
    >
      {/* Only a lazy schema can be without its view: a schema given as such is an object. */}
      <LoadingSchema label={label} schema={schema as LazySchema} />
    </Suspense>
  );
}
