// Types of the bundled OpenAPI document as the site reads it. The bundle is validated by Redocly
// when it is made (scripts/bundle-openapi.mts), so these stay loose: any node may carry fields the
// site does not read, and a node may be a `{$ref}` until it is resolved (./ref.ts).

/** A JSON object of the OpenAPI document (a schema, a parameter, a response, `components`…). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiNode = Record<string, any>;

/** The whole bundled document: what every `$ref` of the bundle points into. */
export interface OpenApiDocument extends OpenApiNode {
  openapi?: string;
  info?: OpenApiNode;
  servers?: {url: string; description?: string}[];
  paths?: Record<string, OpenApiNode>;
  webhooks?: Record<string, OpenApiNode>;
  components?: OpenApiNode;
  tags?: {name: string; description?: string}[];
}

/** Which way a payload goes: to the API (a request) or from it (a response). */
export type Direction = 'request' | 'response';
