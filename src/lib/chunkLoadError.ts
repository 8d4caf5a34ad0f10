/**
 * Whether an error is the bundler's failure to fetch a code or CSS chunk (offline, or a 404/500
 * for a file a newer deployment removed), as opposed to an error in the code itself.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const {name, code, message} = error as {name?: unknown; code?: unknown; message?: unknown};
  return (
    name === 'ChunkLoadError' ||
    code === 'CSS_CHUNK_LOAD_FAILED' ||
    (typeof message === 'string' && /^Loading (CSS )?chunk \S+ failed/.test(message))
  );
}
