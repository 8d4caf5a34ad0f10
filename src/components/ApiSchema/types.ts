/** The view of a schema that scripts/api-reference/schema.mts writes into each page at build time. */
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
  /** Page id of the resource object this schema is (scripts/api-reference/objects.mts), such as `origin-object`. */
  objectPage?: string;
  constraints?: string[];
  properties?: {name: string; required: boolean; schema: SchemaView}[];
  additionalProperties?: SchemaView;
  items?: SchemaView;
  variants?: {kind: 'oneOf' | 'anyOf'; discriminator?: string; options: {label: string; schema: SchemaView}[]};
}
