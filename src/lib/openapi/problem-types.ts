// The catalogue of problem types (openapi/problem-types.yaml, in the bundle as `x-problem-types`)
// and where the operations use them. The reference page "Problem types", its Markdown twin and the
// lint rule `tributary/problem-types` all read it from here, so a new type needs only its entry.
import {HTTP_METHODS as METHODS, deref, namedExamples, pageId, type OpenApiNode} from './index';

export interface ProblemType {
  slug: string;
  /** `<base>#<slug>`: the `type` of the problem documents. */
  uri: string;
  title: string;
  status: number;
  cause: string;
  fix: string;
  /** Site paths of the guides about it, such as `/docs/Guides/<Category>/<Page>`. */
  guides: string[];
}

export interface ProblemCatalogue {
  base: string;
  types: ProblemType[];
}

/** A problem+json document (RFC 9457) as the examples show it. */
export interface ProblemDocument {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  [field: string]: unknown;
}

/** An operation that shows a problem type in an example; `status` is the response code. */
export interface ProblemUse {
  id: string;
  operationId: string;
  method: string;
  route: string;
  summary: string;
  status: string;
}

export const PROBLEM_TYPES_ID = 'problem-types';
export const PROBLEM_TYPES_TITLE = 'Problem types';
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/**
 * The catalogue, its types by status and then by slug (the order of the page's table and sections),
 * or undefined when the spec has none. Throws with the entry at fault when an entry is incomplete.
 */
export function problemCatalogue(spec: OpenApiNode | undefined): ProblemCatalogue | undefined {
  const raw = spec?.['x-problem-types'];
  if (!raw) return undefined;
  const where = (slug?: string): string => `x-problem-types${slug ? `.types.${slug}` : ''}`;
  if (typeof raw.base !== 'string' || !/^https:\/\/\S+$/.test(raw.base)) {
    throw new Error(`${where()}: "base" must be the https address of the Problem types page`);
  }
  if (!raw.types || typeof raw.types !== 'object') throw new Error(`${where()}: "types" is missing`);
  const types = Object.entries<OpenApiNode>(raw.types).map(([slug, entry]): ProblemType => {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new Error(`${where(slug)}: the slug must be kebab case`);
    for (const field of ['title', 'cause', 'fix']) {
      if (typeof entry?.[field] !== 'string' || !entry[field].trim()) {
        throw new Error(`${where(slug)}: "${field}" is missing`);
      }
    }
    if (!Number.isInteger(entry.status) || entry.status < 400 || entry.status > 599) {
      throw new Error(`${where(slug)}: "status" must be an HTTP error status (400 to 599)`);
    }
    const guides: unknown = entry.guides ?? [];
    if (
      !Array.isArray(guides) ||
      guides.some((guide: unknown) => typeof guide !== 'string' || !guide.startsWith('/docs/'))
    ) {
      throw new Error(`${where(slug)}: "guides" must list site paths such as /docs/Guides/<Category>/<Page>`);
    }
    return {
      slug,
      uri: `${raw.base}#${slug}`,
      title: entry.title,
      status: entry.status,
      cause: entry.cause,
      fix: entry.fix,
      guides,
    };
  });
  types.sort((a, b) => a.status - b.status || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return {base: raw.base, types};
}

/** The title of a guide from its path: the page title is its file name (`/docs/Guides/A/B%20C` → `B C`). */
export function guideTitle(href: string): string {
  return decodeURIComponent(href.split('#')[0].split('/').pop() ?? '');
}

/** The problem+json examples of one response. */
export function problemExamples(spec: OpenApiNode, response: unknown): {name: string; value: ProblemDocument}[] {
  const media = deref(spec, response).node?.content?.[PROBLEM_MEDIA_TYPE];
  // The bundle's lint checks that problem examples are problem documents (openapi/lint).
  return namedExamples(spec, media).map(({name, value}) => ({name, value: value as ProblemDocument}));
}

/** For each slug of the catalogue, the operations whose responses show it, in document order. */
export function problemUsage(spec: OpenApiNode, catalogue = problemCatalogue(spec)): Map<string, ProblemUse[]> {
  const usage = new Map((catalogue?.types ?? []).map((type): [string, ProblemUse[]] => [type.slug, []]));
  const bySlug = new Map((catalogue?.types ?? []).map((type) => [type.uri, type.slug]));
  for (const [route, item] of Object.entries<OpenApiNode>(spec.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const seen = new Set<string>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const {value} of problemExamples(spec, response)) {
          const slug = bySlug.get(value?.type ?? '');
          if (!slug || seen.has(slug)) continue;
          seen.add(slug);
          usage.get(slug)?.push({
            id: pageId(operation.operationId),
            operationId: operation.operationId,
            method,
            route,
            summary: operation.summary ?? operation.operationId,
            status,
          });
        }
      }
    }
  }
  return usage;
}

/** How many operations the spec has: a type shown by every one of them is listed as "every operation". */
export function operationCount(spec: OpenApiNode): number {
  return Object.values<OpenApiNode>(spec.paths ?? {}).reduce(
    (count: number, item) => count + METHODS.filter((method) => item[method]?.operationId).length,
    0,
  );
}

/** The most operations a section lists by name; beyond it, it says how many. */
export const MAX_LISTED_OPERATIONS = 12;
