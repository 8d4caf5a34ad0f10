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
export type Response<Name extends keyof Schemas> = Readable<Schemas[Name]>;
export type Request<Name extends keyof Schemas> = Writable<Schemas[Name]>;

export type Service = Response<'Service'>;
export type Origin = Response<'Origin'>;
export type Problem = Response<'Problem'>;

export function tributaryClient(baseUrl: string, token: string) {
  return createClient<paths>({baseUrl, headers: {Authorization: `Bearer ${token}`}});
}

type Client = ReturnType<typeof tributaryClient>;

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

export async function addOrigin(client: Client, serviceId: string, name: string, host: string): Promise<Origin> {
  const {data, error} = await client.POST('/services/{service_id}/origins/', {
    params: {path: {service_id: serviceId}},
    body: {name, host, protocol: 'https'},
  });
  if (error) throw new Error(`Create origin failed: ${error.title}`);
  return data;
}
