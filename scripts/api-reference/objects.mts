// The resource objects of the API reference ("The Origin object", as Stripe documents its
// Customer object): every named component schema that an operation returns as its 2xx JSON body,
// or as the item of a list it returns (`results.items` of a page, or the items of an array). Each
// gets a page (`<kebab-name>-object`) with its fields, an example and the operations that take or
// return it; operation pages and nested schemas link to it. The API reference generator writes the
// pages (objectPage), the Markdown export (plugins/llms-txt) lists the same objects (listObjects).
import {isJsonMedia as isJson, namedExamples, pageId, resolve, type OpenApiNode} from '../../src/lib/openapi/index.ts';
import {codeFence, jsxProp, markdownToMdx, plainSummary, yamlString} from './markdown.mts';
import {isHttpMethod} from './operations.mts';
import type {SchemaView} from './schema.mts';
import type {ApiOperationSummary} from '../../src/components/ApiOperationList/index.tsx';

/** An operation of an object page: what it does with the object. */
export interface ObjectOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  tag?: string;
  takes: boolean;
  returns: boolean;
  /** It returns a list of them (a page or an array). */
  lists: boolean;
}

/** A resource object: a component schema that some operation returns. */
export interface ResourceObject {
  name: string;
  id: string;
  title: string;
  description: string;
  /** The tag whose operations return it most (a tie goes to the tag declared first). */
  tag?: string;
  /** The first 2xx example of an operation that returns it, else the first item of a list example. */
  example: unknown;
  operations: ObjectOperation[];
}

/** What a body carries: a component (`list: false`) or a list of one. */
interface CarriedObject {
  name: string;
  list: boolean;
}

/** An operation's use of an object: it takes it or returns it (as itself or as a list). */
interface ObjectUse extends CarriedObject {
  use: Omit<ObjectOperation, 'takes' | 'returns' | 'lists'>;
  takes?: boolean;
  returns?: boolean;
}

const SCHEMA_REF = /^#\/components\/schemas\/([^/]+)$/;

/** Page id of an object page, such as `origin-object`. */
export const objectPageId = (name: string): string => pageId(`${name} object`);

/** Title of an object page, such as "The Origin object". */
export const objectTitle = (name: string): string => `The ${name} object`;

/** The component name a schema node refers to, or undefined. */
const refName = (node: OpenApiNode | undefined): string | undefined => node?.$ref?.match(SCHEMA_REF)?.[1];

/** The item component of a list: a page (`results` array of a component) or an array of a component. */
function listItem(spec: OpenApiNode, schemaNode: unknown): string | undefined {
  const schema = resolve(spec, schemaNode);
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.type === 'array') return refName(schema.items);
  const results = resolve(spec, schema.properties?.results);
  return results?.type === 'array' ? refName(results.items) : undefined;
}

/** True for a schema that describes a resource rather than an error or a partial update. */
function isResource(spec: OpenApiNode, name: string): boolean {
  if (/Patch$|Problem$/.test(name)) return false;
  const schema = spec.components?.schemas?.[name];
  return Boolean(schema && (schema.properties || schema.allOf || schema.oneOf || schema.anyOf));
}

/**
 * The component a request schema stands for: `CertificateCreate`, the writable fields that create
 * and replace a certificate (kept apart from the response schema `Certificate` so that plain JSON
 * Schema validators accept both, see openapi/CONVENTIONS.md), is the Certificate object's.
 */
function createdComponent(spec: OpenApiNode, name: string): string {
  const base = name.endsWith('Create') ? name.slice(0, -'Create'.length) : '';
  return base && spec.components?.schemas?.[base] ? base : name;
}

/** What a body's schema carries: a component or a list of one, else undefined. */
function bodyObject(spec: OpenApiNode, schemaNode: OpenApiNode | undefined): CarriedObject | undefined {
  const item = listItem(spec, schemaNode);
  if (item) return {name: item, list: true};
  const name = refName(schemaNode);
  return name ? {name: createdComponent(spec, name), list: false} : undefined;
}

/** First example value of a media type (its named examples, `example`, or the schema's examples). */
function mediaExample(spec: OpenApiNode, media: OpenApiNode): unknown {
  return namedExamples(spec, media)[0]?.value;
}

/** A schema's own description, or the first one of its `allOf` members. */
function descriptionOf(spec: OpenApiNode, schema: OpenApiNode | undefined): string {
  if (schema?.description) return schema.description;
  for (const member of schema?.allOf ?? []) {
    const text = descriptionOf(spec, resolve(spec, member));
    if (text) return text;
  }
  return '';
}

const cache = new WeakMap<OpenApiNode, ResourceObject[]>();

/** The resource objects of the spec, in order of first appearance. */
export function listObjects(spec: OpenApiNode): ResourceObject[] {
  const cached = cache.get(spec);
  if (cached) return cached;
  const found = new Map<
    string,
    {name: string; operations: Map<string, ObjectOperation>; examples: unknown[]; listExamples: unknown[]}
  >();
  const entry = (name: string) => {
    let object = found.get(name);
    if (!object) {
      object = {name, operations: new Map(), examples: [], listExamples: []};
      found.set(name, object);
    }
    return object;
  };
  const uses: ObjectUse[] = [];
  for (const [route, item] of Object.entries<OpenApiNode>(spec.paths ?? {})) {
    for (const method of Object.keys(item ?? {})) {
      if (!isHttpMethod(method)) continue;
      const operation = item[method];
      if (!operation?.operationId) continue;
      const use = {
        id: pageId(operation.operationId),
        method,
        path: route,
        summary: operation.summary ?? operation.operationId,
        tag: operation.tags?.[0],
      };
      for (const [status, rawResponse] of Object.entries(operation.responses ?? {})) {
        if (!/^2/.test(status)) continue;
        for (const [type, media] of Object.entries<OpenApiNode>(resolve(spec, rawResponse)?.content ?? {})) {
          const carried = isJson(type) ? bodyObject(spec, media.schema) : undefined;
          if (!carried || !isResource(spec, carried.name)) continue;
          uses.push({...carried, use, returns: true});
          const example = mediaExample(spec, media);
          if (example !== undefined) {
            if (!carried.list) entry(carried.name).examples.push(example);
            else {
              const first = Array.isArray(example) ? example[0] : (example as OpenApiNode | undefined)?.results?.[0];
              if (first !== undefined) entry(carried.name).listExamples.push(first);
            }
          }
        }
      }
      const requestBody = resolve(spec, operation.requestBody);
      for (const [type, media] of Object.entries<OpenApiNode>(requestBody?.content ?? {})) {
        const carried = isJson(type) ? bodyObject(spec, media.schema) : undefined;
        if (carried) uses.push({...carried, use, takes: true});
      }
    }
  }
  // Only what some operation returns is a resource object; a schema only sent is an input shape.
  for (const {name, returns} of uses) if (returns) entry(name);
  for (const {name, use, takes, returns, list} of uses) {
    const object = found.get(name);
    if (!object) continue;
    const listed: ObjectOperation = object.operations.get(use.id) ?? {
      ...use,
      takes: false,
      returns: false,
      lists: false,
    };
    if (takes) listed.takes = true;
    if (returns) listed.returns = true;
    if (returns && list) listed.lists = true;
    object.operations.set(use.id, listed);
  }
  const tagOrder: string[] = (spec.tags ?? []).map((tag: OpenApiNode) => tag.name);
  const objects = [...found.values()].map(({name, operations, examples, listExamples}): ResourceObject => {
    const schema = spec.components.schemas[name];
    const counts = new Map<string, number>();
    for (const operation of operations.values()) {
      if (operation.returns && operation.tag) counts.set(operation.tag, (counts.get(operation.tag) ?? 0) + 1);
    }
    const [tag] = [...counts].sort(
      ([a, countA], [b, countB]) => countB - countA || tagOrder.indexOf(a) - tagOrder.indexOf(b),
    )[0] ?? [undefined];
    return {
      name,
      id: objectPageId(name),
      title: objectTitle(name),
      description: descriptionOf(spec, schema),
      tag,
      example: examples[0] ?? listExamples[0],
      operations: [...operations.values()],
    };
  });
  cache.set(spec, objects);
  return objects;
}

/** The object page of a component schema name, or undefined. */
export function objectOf(spec: OpenApiNode, name: string | undefined): ResourceObject | undefined {
  return name ? listObjects(spec).find((object) => object.name === name) : undefined;
}

/**
 * What a request or response body's schema carries, when it is a resource object with a page
 * (`list` for a page or an array of them), else undefined.
 */
export function bodyObjectOf(
  spec: OpenApiNode,
  schemaNode: OpenApiNode | undefined,
): {object: ResourceObject; list: boolean} | undefined {
  const carried = schemaNode ? bodyObject(spec, schemaNode) : undefined;
  const object = carried && objectOf(spec, carried.name);
  return object ? {object, list: carried.list} : undefined;
}

/**
 * Marks each nested node of a schema view (./schema.mts) that is a resource
 * object with the id of its page (`objectPage`), for <ApiSchema> to link; the root is left alone.
 * Returns a new tree.
 */
export function linkObjects(spec: OpenApiNode, view: SchemaView, {prune = false} = {}): SchemaView {
  const ids = new Map(listObjects(spec).map((object) => [object.name, object.id]));
  const walk = (node: SchemaView, root: boolean): SchemaView => {
    const copy = {...node};
    if (!root && copy.refName && ids.has(copy.refName)) {
      copy.objectPage = ids.get(copy.refName);
      // In a response, a nested resource object is its page's to describe: a link, not its fields
      // again (on every operation that returns it, and in the page's script).
      if (prune) {
        delete copy.properties;
        delete copy.variants;
        delete copy.additionalProperties;
        return copy;
      }
    }
    if (copy.properties) {
      copy.properties = copy.properties.map((property) => ({...property, schema: walk(property.schema, false)}));
    }
    if (copy.additionalProperties) copy.additionalProperties = walk(copy.additionalProperties, false);
    if (copy.items) copy.items = walk(copy.items, false);
    if (copy.variants) {
      copy.variants = {
        ...copy.variants,
        options: copy.variants.options.map((option) => ({...option, schema: walk(option.schema, false)})),
      };
    }
    return copy;
  };
  return walk(view, true);
}

/** "18 fields", "2 shapes"… of a schema view's first level. */
export function fieldCount(view: SchemaView | undefined): string {
  const node = view?.items && !view.properties && !view.variants ? view.items : view;
  if (node?.properties?.length) return `${node.properties.length} field${node.properties.length === 1 ? '' : 's'}`;
  if (node?.variants) return `${node.variants.options.length} shapes`;
  return '';
}

/** The MDX line that links the object a body carries ("Returns: [Origin object](…)"), or ''. */
export function objectLinkMdx(
  spec: OpenApiNode,
  schemaNode: OpenApiNode | undefined,
  verb: 'Takes' | 'Returns',
): string {
  const carried = bodyObjectOf(spec, schemaNode);
  if (!carried) return '';
  const {object, list} = carried;
  const link = `[${object.name} object${list ? 's' : ''}](/docs/api/${object.id})`;
  return `${verb}: ${list ? `a list of ${link}` : link}`;
}

/**
 * A 2xx response body: a resource object with a page is that page's link alone ("Returns: Origin
 * object", as Stripe's reference does); a list links its items' page and shows its own fields, the
 * items linked rather than repeated; anything else is its schema. `view` is the body's response
 * view, its nested resource objects pruned (linkObjects); `label` the schema's accessible name,
 * such as "201 response body".
 */
export function responseBodyMdx(
  spec: OpenApiNode,
  schemaNode: OpenApiNode | undefined,
  view: SchemaView,
  label: string,
): string {
  const link = objectLinkMdx(spec, schemaNode, 'Returns');
  const carried = bodyObjectOf(spec, schemaNode);
  const schema = `<ApiSchema label=${jsxProp(label)} schema=${jsxProp(view)} />`;
  if (carried && !carried.list) return link;
  return link ? `${link}\n\n${schema}` : schema;
}

/**
 * The object a `*Patch` request body changes (`OriginPatch` → the Origin object's page), or
 * undefined: a merge patch is not the object itself, but the reader wants the object's page.
 */
export function patchedObjectOf(spec: OpenApiNode, schemaNode: OpenApiNode | undefined): ResourceObject | undefined {
  const name = refName(schemaNode);
  return name?.endsWith('Patch') ? objectOf(spec, name.slice(0, -'Patch'.length)) : undefined;
}

/**
 * The request body's link to its object before its schema: "Takes: [Origin object](…)", or for a
 * merge patch "Takes: changes to the [Origin object](…)".
 */
export function requestBodyMdx(spec: OpenApiNode, schemaNode: OpenApiNode | undefined, schemaMdx: string): string {
  const patched = patchedObjectOf(spec, schemaNode);
  const link = patched
    ? `Takes: changes to the [${patched.name} object](/docs/api/${patched.id})`
    : objectLinkMdx(spec, schemaNode, 'Takes');
  return link ? `${link}\n\n${schemaMdx}` : schemaMdx;
}

/** The operations of an object page, as <ApiOperationList> rows. */
const operationRows = (object: ResourceObject): ApiOperationSummary[] =>
  object.operations.map(({id, method, path, summary}) => ({id, method, path, summary}));

/**
 * The MDX of an object page: description, fields (the response view of the schema, read-only
 * fields marked), an example and the operations that take or return it.
 */
export function objectPage(spec: OpenApiNode, object: ResourceObject, view: SchemaView): string {
  const linked = linkObjects(spec, view, {prune: true});
  const sections = [
    `## Fields {#fields}`,
    `${fieldCount(view) ? `${fieldCount(view)[0].toUpperCase()}${fieldCount(view).slice(1)}, as the API returns them` : 'As the API returns it'}; read-only fields are set by Tributary and never sent in requests.`,
    `<ApiSchema label=${jsxProp(`Fields of the ${object.name} object`)} schema=${jsxProp(linked)} />`,
  ];
  if (object.example !== undefined) {
    sections.push('## Example {#example}', codeFence('json', JSON.stringify(object.example, null, 2)));
  }
  const takes = object.operations.filter((operation) => operation.takes).length;
  sections.push(
    '## Operations {#operations}',
    `The operations that return the ${object.name} object${takes ? ' or take it as their request body' : ''}.`,
    `<ApiOperationList operations=${jsxProp(operationRows(object))} />`,
  );
  return `---
id: ${object.id}
title: ${yamlString(object.title)}
description: ${yamlString(plainSummary(object.description, object.title))}
sidebar_label: ${yamlString(object.title)}
custom_edit_url: null
toc_max_heading_level: 2
---

import ApiOperationList from '@site/src/components/ApiOperationList';
import ApiSchema from '@site/src/components/ApiSchema';

${markdownToMdx(object.description)}

${sections.join('\n\n')}
`;
}
