// Example lookup: the first example of a parameter, media type or schema (for code samples and the
// explorer's defaults) and the named examples of a media type (shown on the pages).
import {deref} from './ref';
import type {OpenApiNode} from './types';

/** First example value of a parameter, media type or schema, or undefined. */
export function exampleOf(spec: OpenApiNode, holder: OpenApiNode | undefined): unknown {
  if (!holder) return undefined;
  if ('example' in holder) return holder.example;
  if (holder.examples && !Array.isArray(holder.examples)) {
    const first = Object.values(holder.examples)[0];
    if (first) return deref(spec, first).node.value;
  }
  const schema = holder.schema ? deref(spec, holder.schema).node : holder;
  if (Array.isArray(schema?.examples) && schema.examples.length) return schema.examples[0];
  if (schema && 'example' in schema) return schema.example;
  return undefined;
}

export interface NamedExample {
  /** The key in `examples`, or `example` for a single `example`. */
  name: string;
  /** Its summary, else its name (`Example` for a single `example`). */
  summary: string;
  description?: string;
  value: unknown;
}

/** The examples of a media type (`examples`, references followed, else its single `example`). */
export function namedExamples(spec: OpenApiNode, media: OpenApiNode | undefined): NamedExample[] {
  if (!media) return [];
  if (media.examples) {
    return Object.entries(media.examples).map(([name, example]) => {
      const {node} = deref(spec, example);
      return {
        name,
        summary: node?.summary ?? name,
        ...(node?.description !== undefined && {description: node.description}),
        value: node?.value,
      };
    });
  }
  if ('example' in media) return [{name: 'example', summary: 'Example', value: media.example}];
  return [];
}
