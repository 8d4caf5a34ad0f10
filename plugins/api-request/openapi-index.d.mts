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
export class OpenApiIndex {
  constructor(spec: any);
  static load(file?: string): OpenApiIndex;
  spec: any;
  operations: Map<string, {method: string; route: string; operation: any; parameters: any[]}>;
  resolve(node: any): any;
  validate(schema: object, value: unknown, direction?: 'request' | 'response'): string[];
  check(call: ApiCall): string[];
  describe(call: ApiCall): {method: string; url: string; page: string};
  schemaFact(of: string, fact: string): unknown;
  flatten(schema: any): any;
}
