// The example objects the guides show: every object with an `id` (and its name, hostname, email or
// title, and service `uid`) in <ApiRequest> props and JSON code blocks, with the page and line.
import {readFileSync} from 'node:fs';
import {createProcessor} from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';
import {literalValue} from '../../plugins/api-request/remark.mts';
import {guidePageFiles} from './pages.mts';

export interface ExampleObject {
  where: string;
  id: string;
  /** The field that names the object, and its value. */
  label?: {field: string; value: string};
  uid?: string;
}

/** The fields of the two node types visited: code blocks and JSX elements (mdast-util-mdx-jsx). */
interface MdxNode {
  type: string;
  position?: {start: {line: number}};
  lang?: string | null;
  value?: string;
  name?: string | null;
  attributes?: Array<{value?: unknown}>;
}

const LABEL_FIELDS = ['name', 'hostname', 'email', 'title'] as const;
const processor = createProcessor({remarkPlugins: [remarkFrontmatter]});

function collect(value: unknown, where: string, found: ExampleObject[]): void {
  if (Array.isArray(value)) {
    value.forEach((item) => collect(item, where, found));
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as Record<string, unknown>;
  if (typeof object.id === 'string') {
    const field = LABEL_FIELDS.find((name) => typeof object[name] === 'string');
    found.push({
      where,
      id: object.id,
      ...(field ? {label: {field, value: object[field] as string}} : {}),
      ...(typeof object.uid === 'string' ? {uid: object.uid} : {}),
    });
  }
  Object.values(object).forEach((item) => collect(item, where, found));
}

/** The example objects of one MDX page. */
export function pageExamples(file: string, text = readFileSync(file, 'utf8')): ExampleObject[] {
  const found: ExampleObject[] = [];
  const tree = processor.parse({value: text, path: file});
  visit(tree, ['mdxJsxFlowElement', 'code'], (node: MdxNode) => {
    const where = `${file}:${node.position?.start.line ?? '?'}`;
    if (node.type === 'code') {
      if (node.lang !== 'json' || node.value === undefined) return;
      try {
        collect(JSON.parse(node.value), where, found);
      } catch {
        // Not one JSON document (JSON Lines): each line is one.
        for (const line of String(node.value).split('\n').filter(Boolean)) {
          try {
            collect(JSON.parse(line), where, found);
          } catch {
            // The code-block test reports blocks that do not parse.
          }
        }
      }
      return;
    }
    if (node.name !== 'ApiRequest') return;
    for (const attribute of node.attributes ?? []) {
      const estree = (attribute.value as {data?: {estree?: unknown}} | null)?.data?.estree;
      if (estree) collect(literalValue(estree, where), where, found);
    }
  });
  return found;
}

/** Every guide page's example objects. */
export function guideExamples(root = 'docs'): ExampleObject[] {
  return guidePageFiles(root).flatMap((file) => pageExamples(file));
}
