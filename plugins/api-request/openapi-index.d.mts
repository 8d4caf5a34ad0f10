/* eslint-disable @typescript-eslint/no-explicit-any */
export const DEFAULT_BUNDLE: string;
export interface ApiCall {
  operation: string;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  status?: number;
  response?: unknown;
}
/** One problem of a call: where it is (`body/origins/0/host`, `path/service_id`…) and what. */
export interface ApiProblem {
  location: string;
  message: string;
  /** The one-line form printed by the guides' checks. */
  text: string;
}
export class OpenApiIndex {
  constructor(spec: any);
  static load(file?: string): OpenApiIndex;
  spec: any;
  operations: Map<string, {method: string; route: string; operation: any; parameters: any[]}>;
  resolve(node: any): any;
  validate(schema: object, value: unknown, direction?: 'request' | 'response'): string[];
  check(call: ApiCall): string[];
  checkDetailed(call: ApiCall): ApiProblem[];
  validateDetailed(
    schema: object,
    value: unknown,
    direction?: 'request' | 'response',
  ): {pointer: string; message: string; text: string}[];
  requestContentType(operationId: string): string | undefined;
  /** The server URL an example shows: the operation's own first server, else the API's. */
  serverFor(operationId: string): string;
  describe(call: ApiCall): {method: string; contentType?: string; url: string; page: string};
  schemaFact(of: string, fact: string): unknown;
  flatten(schema: any): any;
}
