// The <ApiRequest> calls of the guide pages, in page order, with their literal props, parsed the
// way the build parses them: what the example world is made of and what the page-calls test sends.
import {readFileSync} from 'node:fs';
import {createProcessor} from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import {visit} from 'unist-util-visit';
import {literalValue} from '../plugins/api-request/remark.mts';
import type {ApiCall} from '../plugins/api-request/openapi-index.mts';

/** An `<ApiRequest>` of a page, with where it is for messages. */
export interface PageCall extends ApiCall {
  where: string;
}

interface JsxElement {
  type: string;
  name?: string | null;
  position?: {start: {line: number}};
  attributes: Array<{type: string; name: string; value?: string | {data?: {estree?: unknown}} | null}>;
}

const processor = createProcessor({remarkPlugins: [remarkFrontmatter]});

export function pageCalls(file: string, text = readFileSync(file, 'utf8')): PageCall[] {
  const calls: PageCall[] = [];
  visit(processor.parse({value: text, path: file}), ['mdxJsxFlowElement', 'mdxJsxTextElement'], (node) => {
    const element = node as unknown as JsxElement;
    if (element.name !== 'ApiRequest') return;
    const where = `${file}:${element.position?.start.line ?? '?'}`;
    const props: Record<string, unknown> = {};
    for (const attribute of element.attributes) {
      const {name, value} = attribute;
      if (typeof value === 'string') props[name] = value;
      else if (value?.data?.estree) props[name] = literalValue(value.data.estree, `${where} prop "${name}"`);
    }
    calls.push({where, ...(props as Omit<PageCall, 'where'>)});
  });
  return calls;
}
