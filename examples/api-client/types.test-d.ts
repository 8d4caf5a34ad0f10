// Compile-time tests of the generated types (`tsc -p .`, part of `npm test`): nothing here runs.
// They fail the type check if the OpenAPI file or the generator stops giving exact types: a response
// field that the server always returns typed optional, a secret typed present in a response, or a
// request body that accepts a read-only field.
import type {Readable, paths} from '../../generated/api-types';
import type {RequestBody, ResponseBody, tributaryClient} from './tributary-client';

/** `true` when A and B are the same type (not merely assignable to each other). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when given `true`. */
function expectTrue<T extends true>(): T | void {}
type HasKey<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? true : false) : never;

// --- Every success response of every operation: `id`, where it has one, is always present. -------
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonBody<R> = R extends {content: {'application/json': infer Body}} ? Readable<Body> : never;
type SuccessBodies = {
  [P in keyof paths]: {
    [M in Method]: paths[P][M] extends {responses: infer Responses}
      ? {[S in keyof Responses]: S extends 200 | 201 | 202 ? JsonBody<Responses[S]> : never}[keyof Responses]
      : never;
  }[Method];
}[keyof paths];
/** The bodies, and the items of list pages, whose `id` is optional (distributes over unions). */
type OptionalId<T> = T extends {id?: unknown}
  ? undefined extends T['id']
    ? T
    : never
  : T extends {results: (infer Item)[]}
    ? OptionalId<Item>
    : never;
expectTrue<Equal<OptionalId<SuccessBodies>, never>>();

// --- Responses: fields the server always returns are present; secrets are absent. ----------------
expectTrue<Equal<ResponseBody<'Origin'>['id'], string>>();
expectTrue<Equal<ResponseBody<'Service'>['cname'], string>>();
expectTrue<Equal<ResponseBody<'Alert'>['id'], string>>();
expectTrue<Equal<ResponseBody<'AlertChannel'>['created_at'], string>>();
expectTrue<Equal<ResponseBody<'LogDestination'>['status'], 'pending' | 'active' | 'failing'>>();
expectTrue<Equal<HasKey<ResponseBody<'AlertChannelWebhook'>, 'secret'>, false>>();
expectTrue<Equal<HasKey<ResponseBody<'AlertChannel'>, 'secret'>, false>>();
expectTrue<Equal<HasKey<ResponseBody<'AccountProvider'>, 'credentials'>, false>>();
expectTrue<Equal<HasKey<ResponseBody<'LogDestinationAccessKeyAuthentication'>, 'secret_access_key'>, false>>();
expectTrue<Equal<HasKey<ResponseBody<'CertificateImported'>, 'private_key_pem'>, false>>();
// A secret that is required on create is required in the request type (the create schema's).
expectTrue<Equal<RequestBody<'AlertChannelWebhookCreate'>['secret'], string>>();
expectTrue<Equal<RequestBody<'CertificateImportedCreate'>['private_key_pem'], string>>();

type Client = ReturnType<typeof tributaryClient>;

// A create body has no read-only field to carry: the operation's body is the create schema.
type OriginsCreateBody = NonNullable<
  paths['/services/{service_id}/origins/']['post']['requestBody']
>['content']['application/json'];
expectTrue<Equal<HasKey<OriginsCreateBody, 'id'>, false>>();
expectTrue<Equal<HasKey<OriginsCreateBody, 'created_at'>, false>>();

/** Never called: checks what openapi-fetch infers from the generated paths. */
export async function typedCalls(client: Client, serviceId: string, originId: string, channelId: string) {
  const origin = await client.GET('/services/{service_id}/origins/{origin_id}/', {
    params: {path: {service_id: serviceId, origin_id: originId}},
  });
  if (origin.data) expectTrue<Equal<typeof origin.data.id, string>>();

  const channel = await client.GET('/alert-channels/{channel_id}/', {params: {path: {channel_id: channelId}}});
  if (channel.data) {
    expectTrue<Equal<typeof channel.data.id, string>>();
    expectTrue<Equal<HasKey<typeof channel.data, 'secret'>, false>>();
  }

  await client.POST('/services/{service_id}/origins/', {
    params: {path: {service_id: serviceId}},
    body: {name: 'web-primary', host: 'origin.example.com'},
  });
  await client.POST('/alert-channels/', {
    params: {},
    // @ts-expect-error `created_at` is read-only.
    body: {name: 'On-call', type: 'email', addresses: ['oncall@example.com'], created_at: '2026-01-01T00:00:00Z'},
  });
}

// A request body built apart from a call: read-only fields are refused there too.
export const origin: RequestBody<'OriginCreate'> = {
  name: 'web-primary',
  host: 'origin.example.com',
  // @ts-expect-error `status`-like server fields (here `created_at`) cannot be sent.
  created_at: '2026-01-01T00:00:00Z',
};
