// The rows of an API page as readers see them, for the schema-completeness test: the HTML that
// <ApiSchema> and <ApiParameters> render from a generated page's props, by section label and row
// path, and the Markdown twin's table rows, by `## ` part and first cell.
import rehypeParse from 'rehype-parse';
import {unified} from 'unified';
import type {Element, Nodes} from 'hast';
import {SCHEMA_DATA_DIR} from './page-schemas.mts';
import type {ApiComponents} from './static-render.mts';

/** A rendered row: its text, and (HTML only) the texts of its badges ("required", "deprecated"…). */
export interface Row {
  text: string;
  flags: string[];
}
export type Rows = Map<string, Row[]>;

/** Where the fields of a node's property `name` are: `a.b`, `a[].b`, `(root).<name>` for any key of the root. */
export const childPath = (path: string, name: string) =>
  path ? `${path}.${name}` : name === '<name>' ? '(root).<name>' : name;

const isElement = (node: Nodes): node is Element => node.type === 'element';
const classes = (node: Element): string[] =>
  Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
const hasClass = (node: Nodes, name: string): node is Element => isElement(node) && classes(node).includes(name);
const children = (node: Nodes): Nodes[] => ('children' in node ? node.children : []);

/** The text of a node and its badges, leaving out the nodes `skip` says (the fields below a row). */
function rowOf(node: Nodes, skip: (node: Nodes) => boolean): Row {
  const row: Row = {text: '', flags: []};
  const visit = (current: Nodes) => {
    if (skip(current)) return;
    if (current.type === 'text') row.text += current.value;
    if (hasClass(current, 'flag') || hasClass(current, 'required')) row.flags.push(textOf(current));
    if (isElement(current) && ['p', 'div', 'li', 'td', 'th', 'summary'].includes(current.tagName)) row.text += ' ';
    children(current).forEach(visit);
  };
  visit(node);
  return row;
}
const textOf = (node: Nodes): string =>
  (node.type === 'text' ? node.value : children(node).map(textOf).join('')).trim();
const isFieldList = (node: Nodes) => hasClass(node, 'properties');

function addRow(rows: Rows, path: string, row: Row): void {
  rows.set(path, [...(rows.get(path) ?? []), row]);
}

function findAll(node: Nodes, test: (node: Element) => boolean, found: Element[] = []): Element[] {
  if (isElement(node) && test(node)) found.push(node);
  for (const child of children(node)) findAll(child, test, found);
  return found;
}

/** The rows of <ApiSchema>'s HTML: the schema's own, then one per field, by path. */
function schemaRows(html: string, rows: Rows): void {
  const tree = unified().use(rehypeParse, {fragment: true}).parse(html);
  addRow(rows, '', rowOf(tree, isFieldList));
  const visit = (node: Nodes, path: string) => {
    for (const child of children(node)) {
      if (hasClass(child, 'property')) {
        const nameNode = findAll(child, (element) => classes(element).includes('name'))[0];
        const name = nameNode ? textOf(nameNode) : '?';
        const at = childPath(path, name === '{any key}' ? '<name>' : name);
        addRow(
          rows,
          at,
          rowOf(child, (inner) => inner !== child && isFieldList(inner)),
        );
        visit(child, at);
      } else if (hasClass(child, 'items')) {
        visit(child, `${path}[]`);
      } else {
        visit(child, path);
      }
    }
  };
  visit(tree, '');
}

/** The rows of <ApiParameters>'s HTML: one per table row, by name. */
function parameterRows(html: string, rows: Rows): void {
  const tree = unified().use(rehypeParse, {fragment: true}).parse(html);
  for (const tr of findAll(tree, (element) => element.tagName === 'tr')) {
    const name = findAll(tr, (element) => element.tagName === 'code')[0];
    if (name)
      addRow(
        rows,
        textOf(name),
        rowOf(tr, () => false),
      );
  }
}

// As the generators write them: one line each, the label as a string attribute or a JSX expression.
const SCHEMA_ELEMENT = /^<ApiSchema label=\{?(".*?")\}? schema=\{pageSchemas\[(\d+)\]\} \/>$/gm;
const PARAMETERS_ELEMENT = /^<ApiParameters label=\{?(".*?")\}? parameters=\{(.*)\} \/>$/gm;

/** The rows of each section of a generated page, rendered as the site renders them. */
export function pageRows(files: Map<string, string>, file: string, components: ApiComponents): Map<string, Rows> {
  const mdx = files.get(file)!;
  const data = files.get(`${SCHEMA_DATA_DIR}/${file.replace(/\.mdx$/, '')}.json`);
  const schemas: unknown[] = data ? JSON.parse(data) : [];
  const {ApiSchema, ApiParameters, createElement, renderToStaticMarkup} = components;
  const sections = new Map<string, Rows>();
  const rowsOfSection = (label: string) => {
    if (!sections.has(label)) sections.set(label, new Map());
    return sections.get(label)!;
  };
  for (const [, label, index] of mdx.matchAll(SCHEMA_ELEMENT)) {
    const props = {label: JSON.parse(label), schema: schemas[Number(index)]};
    schemaRows(renderToStaticMarkup(createElement(ApiSchema as never, props)), rowsOfSection(props.label));
  }
  for (const [, label, parameters] of mdx.matchAll(PARAMETERS_ELEMENT)) {
    const props = {label: JSON.parse(label), parameters: JSON.parse(parameters)};
    parameterRows(renderToStaticMarkup(createElement(ApiParameters as never, props)), rowsOfSection(props.label));
  }
  return sections;
}

/** The part of the twin that shows a section: `## Parameters`, `## Request body`, `## Responses`, `## Fields`. */
export function twinPart(label: string): string {
  if (/ parameters$/.test(label)) return 'Parameters';
  if (label === 'Request body') return 'Request body';
  if (/response/.test(label)) return 'Responses';
  return 'Fields';
}

/** The rows of each `## ` part of a twin: table rows by their first cell, other lines as the part's own row. */
export function twinRows(markdown: string): Map<string, Rows> {
  const parts = new Map<string, Rows>();
  let rows: Rows = new Map();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    if (inCode) continue;
    const heading = line.match(/^## (.+)$/);
    if (heading) {
      rows = new Map();
      parts.set(heading[1], rows);
      continue;
    }
    const cells = line.split(/(?<!\\)\|/);
    const text = line.replaceAll('\\|', '|');
    if (line.startsWith('| ') && cells.length > 2 && !/^\| -/.test(line)) {
      const name = cells[1].trim().replace(/^`+ ?| ?`+$/g, '');
      addRow(rows, name, {text, flags: []});
    } else if (line.trim()) {
      addRow(rows, '', {text, flags: []});
    }
  }
  return parts;
}
