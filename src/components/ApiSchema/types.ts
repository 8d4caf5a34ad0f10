/** The view of a schema that plugins/api-reference/schema.mjs writes into each page at build time. */
export interface SchemaView {
  type: string;
  refName?: string;
  title?: string;
  format?: string;
  /** HTML rendered at build time from the spec's Markdown. */
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  circular?: boolean;
  /** Page id of the resource object this schema is (plugins/api-reference/objects.mjs), such as `origin-object`. */
  objectPage?: string;
  constraints?: string[];
  properties?: {name: string; required: boolean; schema: SchemaView}[];
  additionalProperties?: SchemaView;
  items?: SchemaView;
  variants?: {kind: 'oneOf' | 'anyOf'; discriminator?: string; options: {label: string; schema: SchemaView}[]};
}
