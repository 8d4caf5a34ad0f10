// Remark plugin for <ApiRequest operation="…" path={…} query={…} headers={…} body={…} status={…} response={…}/>
// and <SchemaValue of="Schema.field" fact="maxItems"/> (a limit or default read from the schema,
// so that a page never copies a number the API defines).
// At build time it checks the call against the OpenAPI bundle (failing the build with the file and
// line on any mismatch). It then writes the request and the response as code blocks inside the
// element (so they are highlighted at build time like any other block) and keeps only the props
// the component shows: `operation`, the reference `page` and, for an empty response, `emptyStatus`.
import type {Node as EstreeNode, Literal} from 'estree';
import type {Code, Root, RootContent, Text} from 'mdast';
import type {MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import type {Transformer} from 'unified';
import {visit} from 'unist-util-visit';
import {curlCommand, statusLine} from '../../src/lib/openapi/index.ts';
import {OpenApiIndex, type ApiCall} from './openapi-index.mts';

/** Options of the remark plugin: the bundle to read (default generated/static/openapi.json), or an index. */
export interface RemarkApiRequestOptions {
  bundle?: string;
  index?: OpenApiIndex;
}

/** A file as far as the messages go: its path, when it has one. */
export interface SourceFile {
  path?: string;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
const JSX_ELEMENTS = ['mdxJsxFlowElement', 'mdxJsxTextElement'] as const;

/**
 * The props of <ApiRequest> and <SchemaValue> as a page writes them: literal values, not checked
 * here (index.check checks a call against its operation).
 */
type ElementProps = Partial<ApiCall> & {of?: string; fact?: string};

let cachedIndex: OpenApiIndex | undefined;

/** Evaluates the literal expression of a JSX attribute (objects, arrays, strings, numbers…). */
export function literalValue(value: unknown, where: string): unknown {
  const node = value as EstreeNode;
  switch (node.type) {
    case 'Program':
      return literalValue(node.body[0], where);
    case 'ExpressionStatement':
      return literalValue(node.expression, where);
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      if (node.expressions.length === 0) return node.quasis.map((q) => q.value.cooked).join('');
      break;
    case 'UnaryExpression':
      if (node.operator === '-') return -(literalValue(node.argument, where) as number);
      break;
    case 'Identifier':
      if (node.name === 'undefined') return undefined;
      break;
    case 'ArrayExpression':
      return node.elements.map((element) => literalValue(element, where));
    case 'ObjectExpression':
      return Object.fromEntries(
        node.properties.map((property) => {
          if (property.type !== 'Property' || property.computed)
            throw new Error(`${where}: only plain object literals are allowed`);
          const key = property.key.type === 'Identifier' ? property.key.name : String((property.key as Literal).value);
          return [key, literalValue(property.value, where)];
        }),
      );
    default:
  }
  throw new Error(`${where}: <ApiRequest> props must be literal values (found ${node.type})`);
}

function readProps(element: JsxElement, where: string): ElementProps {
  const props: Record<string, unknown> = {};
  for (const attribute of element.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') throw new Error(`${where}: spread props are not supported`);
    const {name, value} = attribute;
    if (value === null || value === undefined) props[name] = true;
    else if (typeof value === 'string') props[name] = value;
    else props[name] = literalValue(value.data?.estree, `${where} prop "${name}"`);
  }
  return props as ElementProps;
}

function setProp(element: JsxElement, name: string, value: string): void {
  element.attributes = element.attributes.filter(
    (attribute) => attribute.type !== 'mdxJsxAttribute' || attribute.name !== name,
  );
  element.attributes.push({type: 'mdxJsxAttribute', name, value});
}

export function checkApiRequests(tree: Root, file: SourceFile, index: OpenApiIndex): string[] {
  const problems: string[] = [];
  visit(tree, JSX_ELEMENTS, (element) => {
    if (element.name !== 'ApiRequest') return;
    const where = `${file.path ?? 'input'}:${element.position?.start.line ?? '?'}`;
    const props = readProps(element, where);
    if (!props.operation) {
      problems.push(`${where}: <ApiRequest> needs an "operation" prop`);
      return;
    }
    // A data prop left out is undefined here, which every reader of a call takes as absent.
    const call: ApiCall = {
      operation: props.operation,
      status: props.status,
      path: props.path,
      query: props.query,
      headers: props.headers,
      body: props.body,
      response: props.response,
    };
    const found = index.check(call);
    if (found.length > 0) {
      problems.push(...found.map((problem) => `${where}: <ApiRequest operation="${props.operation}"> ${problem}`));
      return;
    }
    const {method, url, page, contentType} = index.describe(call);
    const status = props.status ? statusLine(props.status) : undefined;
    const blocks: Code[] = [
      {
        type: 'code',
        lang: 'bash',
        meta: `title="${method} request"`,
        // The check above made every header a string.
        value: curlCommand({
          method,
          url,
          body: props.body,
          contentType,
          headers: props.headers as Record<string, string>,
        }),
      },
    ];
    if (props.response !== undefined) {
      blocks.push({
        type: 'code',
        lang: 'json',
        meta: `title="Response: ${status ?? '200 OK'}"`,
        value: JSON.stringify(props.response, null, 2),
      });
    }
    // The blocks replace whatever the element held, in a paragraph (a text element) too.
    (element as MdxJsxFlowElement).children = blocks;
    element.attributes = element.attributes.filter(
      (attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'operation',
    );
    setProp(element, 'page', page);
    if (props.response === undefined && status) setProp(element, 'emptyStatus', status);
  });
  return problems;
}

/** How a schema value reads in a sentence or a table cell: 1,024 rather than 1024. */
export function formatSchemaValue(value: unknown): string {
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.map(formatSchemaValue).join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Replaces every <SchemaValue of="…" fact="…"/> with the schema's value; returns the problems. */
export function expandSchemaValues(tree: Root, file: SourceFile, index: OpenApiIndex): string[] {
  const problems: string[] = [];
  visit(tree, JSX_ELEMENTS, (element, position, parent) => {
    if (element.name !== 'SchemaValue' || !parent || position === undefined) return;
    const where = `${file.path ?? 'input'}:${element.position?.start.line ?? '?'}`;
    const props = readProps(element, where);
    let text: string;
    try {
      if (!props.of || !props.fact) throw new Error('needs the props "of" and "fact"');
      text = formatSchemaValue(index.schemaFact(props.of, props.fact));
    } catch (error) {
      problems.push(`${where}: <SchemaValue of="${props.of}" fact="${props.fact}"> ${(error as Error).message}`);
      return;
    }
    const node: Text = {type: 'text', value: text};
    (parent.children as RootContent[])[position] =
      element.type === 'mdxJsxFlowElement' ? {type: 'paragraph', children: [node]} : node;
  });
  return problems;
}

export default function remarkApiRequest(options: RemarkApiRequestOptions = {}): Transformer<Root> {
  return (tree, file) => {
    cachedIndex ??= options.index ?? OpenApiIndex.load(options.bundle);
    const problems = [...expandSchemaValues(tree, file, cachedIndex), ...checkApiRequests(tree, file, cachedIndex)];
    if (problems.length > 0) {
      throw new Error(`Invalid API example(s):\n  ${problems.join('\n  ')}`);
    }
  };
}
