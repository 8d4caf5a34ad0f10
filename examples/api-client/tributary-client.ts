// A small typed client of the Tributary API: types generated from the published OpenAPI file by
// openapi-typescript (npm run api:types), requests made by openapi-fetch. It doubles as a test
// that the OpenAPI file is usable by real client generators.
import createClient from 'openapi-fetch';
import type {Readable, Writable, components, paths} from '../../generated/api-types';

// The generated schemas mark readOnly fields `$Read<…>` and secrets `$Write<…>` (openapi-typescript
// --read-write-markers): `Readable` is an object as responses carry it (every field the server always
// returns is present, secrets are absent), `Writable` as a request sends it (no read-only field).
// openapi-fetch applies them to `data` and `body` by itself.
type Schemas = components['schemas'];
export type ResponseBody<Name extends keyof Schemas> = Readable<Schemas[Name]>;
export type RequestBody<Name extends keyof Schemas> = Writable<Schemas[Name]>;

export type Service = ResponseBody<'Service'>;
export type Origin = ResponseBody<'Origin'>;
export type Problem = ResponseBody<'Problem'>;
/** The body of "Create an origin": no read-only field. */
export type NewOrigin = RequestBody<'OriginCreate'>;
/** The body of "Update part of an origin": a JSON Merge Patch, every field optional. */
export type OriginPatch = RequestBody<'OriginPatch'>;
export type ValidationProblem = ResponseBody<'ValidationProblem'>;

/** The media type of every PATCH body (RFC 7396). */
export const MERGE_PATCH = 'application/merge-patch+json';

export function tributaryClient(baseUrl: string, token: string, options: {fetch?: typeof fetch} = {}) {
  return createClient<paths>({baseUrl, headers: {Authorization: `Bearer ${token}`}, fetch: options.fetch});
}

type Client = ReturnType<typeof tributaryClient>;

/** A problem+json answer, with its status; `problem.errors` lists the fields of a 422. */
export class ApiProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | ValidationProblem,
  ) {
    super(`${status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`);
    this.name = 'ApiProblemError';
  }

  /** `412`: the resource changed since the ETag sent in If-Match. Read it again and retry. */
  get preconditionFailed(): boolean {
    return this.status === 412;
  }

  /** The invalid fields of a `422`, empty for any other problem. */
  get fieldErrors(): {field: string; message: string}[] {
    return 'errors' in this.problem ? this.problem.errors : [];
  }
}

function fail(response: Response, problem: Problem | ValidationProblem | undefined, what: string): never {
  if (problem && typeof problem === 'object' && 'title' in problem) throw new ApiProblemError(response.status, problem);
  throw new Error(`${what} failed with ${response.status}`);
}

/** Every service of the account, following `next` links page by page. */
export async function listAllServices(client: Client, pageSize = 100): Promise<Service[]> {
  const services: Service[] = [];
  let cursor: string | undefined;
  for (;;) {
    const {data, error} = await client.GET('/services/', {params: {query: {page_size: pageSize, cursor}}});
    if (error) throw new Error(`List services failed: ${error.title}`);
    services.push(...data.results);
    if (!data.next) return services;
    cursor = new URL(data.next).searchParams.get('cursor') ?? undefined;
    if (!cursor) return services;
  }
}

/**
 * Every origin of a service, page by page. A `next` link that repeats a cursor already read would
 * loop forever, so it stops with an error instead.
 */
export async function listAllOrigins(client: Client, serviceId: string, pageSize = 25): Promise<Origin[]> {
  const origins: Origin[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const {data, error, response} = await client.GET('/services/{service_id}/origins/', {
      params: {path: {service_id: serviceId}, query: {page_size: pageSize, cursor}},
    });
    if (error) fail(response, error, 'List origins');
    origins.push(...data.results);
    if (!data.next) return origins;
    cursor = new URL(data.next).searchParams.get('cursor') ?? undefined;
    if (!cursor) return origins;
    if (seen.has(cursor)) throw new Error(`List origins: the next link repeats cursor ${cursor}`);
    seen.add(cursor);
  }
}

export async function addOrigin(client: Client, serviceId: string, name: string, host: string): Promise<Origin> {
  const {data, error} = await client.POST('/services/{service_id}/origins/', {
    params: {path: {service_id: serviceId}},
    body: {name, host, protocol: 'https'},
  });
  if (error) throw new Error(`Create origin failed: ${error.title}`);
  return data;
}

/**
 * Creates an origin under an idempotency key: retrying with the same key (after a timeout, say)
 * returns the first answer instead of creating a second origin; `replayed` tells which it was.
 */
export async function createOrigin(
  client: Client,
  serviceId: string,
  body: NewOrigin,
  idempotencyKey: string,
): Promise<{origin: Origin; replayed: boolean; etag: string | null}> {
  const {data, error, response} = await client.POST('/services/{service_id}/origins/', {
    params: {path: {service_id: serviceId}, header: {'Idempotency-Key': idempotencyKey}},
    body,
  });
  if (error) fail(response, error, 'Create origin');
  return {
    origin: data,
    replayed: response.headers.get('Idempotent-Replayed') === 'true',
    etag: response.headers.get('ETag'),
  };
}

/**
 * Changes only the fields in `patch` (JSON Merge Patch). With `ifMatch` (an ETag from a read), a
 * change made by someone else in the meantime makes it fail with a 412 ApiProblemError.
 */
export async function patchOrigin(
  client: Client,
  serviceId: string,
  originId: string,
  patch: OriginPatch,
  ifMatch?: string,
): Promise<{origin: Origin; etag: string | null}> {
  const {data, error, response} = await client.PATCH('/services/{service_id}/origins/{origin_id}/', {
    params: {path: {service_id: serviceId, origin_id: originId}, header: ifMatch ? {'If-Match': ifMatch} : {}},
    body: patch,
    headers: {'Content-Type': MERGE_PATCH},
  });
  if (error) fail(response, error, 'Update part of an origin');
  return {origin: data, etag: response.headers.get('ETag')};
}
