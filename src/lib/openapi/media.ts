// Media types and the error a reader raises when the document has something it cannot show.

/** A part of the OpenAPI document the site cannot read, with where it is. */
export class SpecError extends Error {
  constructor(where: string, message: string) {
    super(`OpenAPI: ${where}: ${message}`);
    this.name = 'SpecError';
  }
}

export const JSON_MEDIA_TYPES: readonly string[] = ['application/json', 'application/problem+json'];

/** Whether a media type is JSON (`application/json`, `application/problem+json`, `…+json`). */
export const isJsonMedia = (type: string): boolean => JSON_MEDIA_TYPES.includes(type) || type.endsWith('+json');

/** The `[type, media]` entries of a `content` map; throws a SpecError at `where` on a media type that is not JSON. */
export function jsonMedia<T>(content: Record<string, T> | undefined, where: string): [string, T][] {
  const entries = Object.entries(content ?? {});
  for (const [type] of entries) {
    if (!isJsonMedia(type)) throw new SpecError(where, `media type "${type}" is not supported (JSON only)`);
  }
  return entries;
}

/**
 * The media type of a JSON request body: `application/json`, or another JSON type such as
 * `application/merge-patch+json` (PATCH); undefined without one.
 */
export function requestMediaType(content: Record<string, unknown> | undefined): string | undefined {
  const types = Object.keys(content ?? {});
  return types.includes('application/json') ? 'application/json' : types.find((type) => type.endsWith('+json'));
}
