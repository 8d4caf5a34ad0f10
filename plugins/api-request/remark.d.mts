import type {Plugin} from 'unified';

/** Validates <ApiRequest> examples against the OpenAPI bundle and resolves their method and URL. */
declare const remarkApiRequest: Plugin<[{bundle?: string}?]>;
export default remarkApiRequest;
export function checkApiRequests(
  tree: unknown,
  file: {path?: string},
  index: import('./openapi-index.mjs').OpenApiIndex,
): string[];
/** Evaluates the literal expression (an estree node) of a JSX attribute; throws on anything else. */
export function literalValue(node: unknown, where: string): unknown;
/** Replaces every <SchemaValue of="Schema.field" fact="keyword"/> with the schema's value; returns the problems. */
export function expandSchemaValues(
  tree: unknown,
  file: {path?: string},
  index: import('./openapi-index.mjs').OpenApiIndex,
): string[];
/** A schema value as it reads in prose: numbers with thousands separators, lists joined by commas. */
export function formatSchemaValue(value: unknown): string;
