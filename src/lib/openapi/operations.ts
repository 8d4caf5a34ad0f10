// The operations of the document, in document order (path by path, methods in HTTP_METHODS order).
import {resolve} from './ref';
import type {OpenApiDocument, OpenApiNode} from './types';

/** The methods a path item may hold, in the order the site lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OperationEntry {
  operationId: string;
  method: HttpMethod;
  route: string;
  operation: OpenApiNode;
  /** The path item's and the operation's parameters, references followed. */
  parameters: OpenApiNode[];
}

/** Every operation with an operationId. */
export function operationsOf(spec: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [route, item] of Object.entries(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
        resolve(spec, parameter),
      );
      entries.push({operationId: operation.operationId, method, route, operation, parameters});
    }
  }
  return entries;
}

/** The URL of the server an operation's examples show: its own first server, else the API's. */
export function serverOf(spec: OpenApiDocument, operation: OpenApiNode): string {
  return (operation.servers ?? spec.servers ?? [])[0]?.url;
}
