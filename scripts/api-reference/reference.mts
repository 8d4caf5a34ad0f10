// Every file of generated/api from the spec: the overview, the Problem types page, one page per
// operation, per resource object and per tag, and the sidebar. A spec this generator cannot render
// fails with a precise message (a SpecError naming where).
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {SpecError, pageId, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import {overviewPage, problemTypesPage} from './info-pages.mts';
import {listObjects, objectPage} from './objects.mts';
import {operationPage} from './operation-page.mts';
import {OVERVIEW_ID, listOperations, listWebhooks, type OperationPageEntry} from './operations.mts';
import {
  PROBLEM_TYPES_ID,
  PROBLEM_TYPES_TITLE,
  problemCatalogue,
  type ProblemCatalogue,
} from '../../src/lib/openapi/problem-types.ts';
import {SCHEMA_DATA_DIR, withSchemasApart} from './page-schemas.mts';
import {schemaView} from './schema.mts';
import {tagPage} from './tag-page.mts';

/** An item of the API sidebar (the subset of Docusaurus' sidebar items the reference writes). */
export type SidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {type: 'category'; label: string; link: {type: 'doc'; id: string}; items: SidebarItem[]};

/**
 * Descriptions may link API pages as `/docs/api/<page>`; those inside schemas become plain HTML the
 * docs build does not check, so every such link must name a generated page.
 */
function checkApiLinks(
  spec: OpenApiNode,
  operations: OperationPageEntry[],
  catalogue: ProblemCatalogue | undefined,
): void {
  const pages = new Set([
    OVERVIEW_ID,
    ...operations.map((entry) => entry.id),
    ...(spec.tags ?? []).map((tag: OpenApiNode) => pageId(tag.name)),
    ...(catalogue ? [PROBLEM_TYPES_ID] : []),
  ]);
  const slugs = new Set(catalogue?.types.map((type) => type.slug));
  const text = JSON.stringify(spec);
  for (const [, page, anchor] of text.matchAll(/\/docs\/api\/([\w-]+)(?:#([\w-]+))?/g)) {
    if (!pages.has(page)) throw new SpecError('links', `"/docs/api/${page}" is not an API reference page`);
    // A problem type URI (or a link to one) names a section of the Problem types page.
    if (page === PROBLEM_TYPES_ID && anchor && !slugs.has(anchor)) {
      throw new SpecError('links', `"/docs/api/${page}#${anchor}" names no type of x-problem-types`);
    }
  }
}

/** The catalogue of problem types, its faults reported as SpecErrors like the rest of the spec's. */
function checkedCatalogue(spec: OpenApiNode): ProblemCatalogue | undefined {
  try {
    return problemCatalogue(spec);
  } catch (error) {
    const [where, ...message] = (error as Error).message.split(': ');
    throw new SpecError(where, message.join(': '));
  }
}

/** Every file of generated/api: page MDX, the pages' schemas (page-schemas.mts) and the sidebar, by path. */
export function buildReference(spec: OpenApiNode): Map<string, string> {
  const operations = listOperations(spec);
  const catalogue = checkedCatalogue(spec);
  const webhooks = listWebhooks(spec);
  checkApiLinks(spec, operations, catalogue);
  const files = new Map<string, string>();
  files.set(`${OVERVIEW_ID}.info.mdx`, overviewPage(spec));
  const sidebar: SidebarItem[] = [{type: 'doc', id: OVERVIEW_ID}];
  if (catalogue) {
    files.set(`${PROBLEM_TYPES_ID}.info.mdx`, problemTypesPage(spec, catalogue));
    sidebar.push({type: 'doc', id: PROBLEM_TYPES_ID, label: PROBLEM_TYPES_TITLE});
  }
  // Operation pages first: a fault in an operation is reported at the operation.
  for (const entry of operations) {
    try {
      files.set(`${entry.id}.api.mdx`, operationPage(spec, entry));
    } catch (error) {
      if (error instanceof SpecError) throw error;
      throw new SpecError(`paths.${entry.route}.${entry.method}`, (error as Error).message);
    }
  }
  // One page per resource object, first in the category of the tag whose operations return it most.
  const objects = listObjects(spec);
  const taken = new Map<string, string>([
    [OVERVIEW_ID, 'the overview'],
    [PROBLEM_TYPES_ID, 'the Problem types page'],
    ...(spec.tags ?? []).map((tag: OpenApiNode): [string, string] => [pageId(tag.name), `the tag "${tag.name}"`]),
    ...operations.map((entry): [string, string] => [entry.id, `"${entry.operation.operationId}"`]),
  ]);
  for (const object of objects) {
    if (taken.has(object.id)) {
      throw new SpecError(
        `components.schemas.${object.name}`,
        `page id "${object.id}" of the ${object.name} object is already used by ${taken.get(object.id)}`,
      );
    }
    taken.set(object.id, `the ${object.name} object`);
    files.set(
      `${object.id}.object.mdx`,
      objectPage(spec, object, schemaView(spec, {$ref: `#/components/schemas/${object.name}`}, 'response')),
    );
  }
  for (const tag of spec.tags ?? []) {
    const entries = operations.filter((entry) => entry.operation.tags[0] === tag.name);
    if (!entries.length) continue;
    const tagObjects = objects.filter((object) => object.tag === tag.name);
    const tagWebhooks = webhooks.filter((webhook) => webhook.operation.tags[0] === tag.name);
    files.set(`${pageId(tag.name)}.tag.mdx`, tagPage(spec, tag, entries, tagWebhooks));
    sidebar.push({
      type: 'category',
      label: tag.name,
      link: {type: 'doc', id: pageId(tag.name)},
      items: [
        ...tagObjects.map((object): SidebarItem => ({
          type: 'doc',
          id: object.id,
          label: object.title,
          className: 'api-object',
        })),
        ...entries.map(({id, method, operation}): SidebarItem => ({
          type: 'doc',
          id,
          label: operation.summary,
          className: `api-method ${method}`,
        })),
      ],
    });
  }
  const pages = withSchemasApart(files);
  pages.set(
    'sidebar.ts',
    `// Generated by scripts/api-reference/generate.mts from the OpenAPI bundle: do not edit.
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

const sidebar: SidebarsConfig[string] = ${JSON.stringify(sidebar, null, 2)};

export default sidebar;
`,
  );
  return pages;
}

/** Replaces the generated pages in `outputDir` with `files`. */
export function writeReference(outputDir: string, files: Map<string, string>): void {
  mkdirSync(outputDir, {recursive: true});
  for (const name of readdirSync(outputDir)) {
    if (/\.mdx$|^sidebar\.(ts|js)$/.test(name)) rmSync(path.join(outputDir, name));
  }
  rmSync(path.join(outputDir, path.dirname(SCHEMA_DATA_DIR)), {recursive: true, force: true});
  for (const [name, content] of files) {
    mkdirSync(path.dirname(path.join(outputDir, name)), {recursive: true});
    writeFileSync(path.join(outputDir, name), content);
  }
}
