// Who may send a request: a sandbox token in the Authorization header (`401` otherwise), a role the
// operation lists, and, for a token restricted to some services (Access Token › Service restriction),
// only those services (`404` for the others) and no account-level resource (`403`).
import type {SandboxRequest} from './engine.mts';
import {Problem} from './problems.mts';
import type {Route} from './spec.mts';
import type {Store, TokenRecord} from './store.mts';

/** Account-level operations a service-restricted token may call: its services, itself, its traffic. */
const RESTRICTED_TOKEN_ACCOUNT_OPERATIONS = new Set([
  'services_list',
  'access_tokens_current_retrieve',
  'traffic_overtime',
]);

/** The token the request sends as "Bearer <token>", if the store knows it and it has not expired. */
export function authenticate(store: Store, request: SandboxRequest, now: number): TokenRecord {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match)
    throw new Problem('unauthorized', 'Send your sandbox token in the Authorization header as "Bearer <token>".');
  const token = store.findToken(match[1], now);
  if (!token)
    throw new Problem(
      'unauthorized',
      'This token is not a sandbox token, or its sandbox expired after 30 idle days. Get a new one with POST /docs/sandbox/tokens.',
    );
  if (token.expiresAt !== null && token.expiresAt <= now)
    throw new Problem('unauthorized', 'This access token expired.');
  return token;
}

/** Refuses the route to a token whose service restriction or role does not allow it. */
export function authorize(
  route: Route,
  params: Record<string, string>,
  token: TokenRecord,
  request: SandboxRequest,
): void {
  if (token.serviceIds.length) {
    const serviceId = params.service_id ?? request.query.get('service_id') ?? undefined;
    if (serviceId && !token.serviceIds.includes(serviceId))
      throw new Problem('not-found', `No service ${serviceId} in your account.`);
    if (!params.service_id && !RESTRICTED_TOKEN_ACCOUNT_OPERATIONS.has(route.operationId))
      throw new Problem(
        'forbidden',
        'This token is restricted to some services: it cannot reach account-level resources or create services.',
      );
  }
  if (route.roles.length && !route.roles.map((role) => role.toLowerCase()).includes(token.role.toLowerCase())) {
    const role = `${token.role[0].toUpperCase()}${token.role.slice(1)}`;
    throw new Problem(
      'forbidden',
      route.method === 'GET'
        ? `Tokens with the ${role} role cannot read this resource.`
        : `Tokens with the ${role} role cannot modify resources.`,
    );
  }
}
