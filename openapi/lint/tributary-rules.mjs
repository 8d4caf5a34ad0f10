// Redocly lint rules of the Tributary API's design (redocly.yaml enables them as `tributary/…`).
// Each rule enforces one promise of the overview, so that a new operation cannot forget it. They
// check the operations under `paths` only: a webhook (top-level `webhooks`) is a request Tributary
// sends to the customer, so it takes no idempotency key or role, and its responses are the
// customer's.
const ROLES = new Set(['admin', 'editor', 'viewer', 'purge']);

/** A visitor that sees only what lies under `paths` (nested visitors of Redocly). */
const inPaths = (visitor) => ({Paths: visitor});

/**
 * The headers every response declares, by status class (`2XX`, `4XX`) or key (`default`), as the
 * `names` option lists them (redocly.yaml).
 */
function responseHeaders({names = {}} = {}) {
  return inPaths({
    Operation: {
      enter(operation, {report, location, resolve}) {
        for (const [status, raw] of Object.entries(operation.responses ?? {})) {
          const required = names[status] ?? names[`${String(status)[0]}XX`] ?? [];
          const declared = Object.keys(resolve(raw).node?.headers ?? {}).map((name) => name.toLowerCase());
          for (const name of required) {
            if (declared.includes(name.toLowerCase())) continue;
            report({
              message: `The ${status} response must declare the \`${name}\` header.`,
              location: location.child(['responses', status]).key(),
            });
          }
        }
      },
    },
  });
}

/** Every POST accepts Idempotency-Key, and its 2xx responses say when they are replays. */
function postIdempotencyKey() {
  return inPaths({
    Operation: {
      enter(operation, {key, report, location, resolve}) {
        if (key !== 'post') return;
        const names = (operation.parameters ?? []).map((parameter) => resolve(parameter).node ?? {});
        if (!names.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key')) {
          report({message: 'A POST operation must accept the `Idempotency-Key` header.', location: location.key()});
        }
        for (const [status, raw] of Object.entries(operation.responses ?? {})) {
          if (!/^2/.test(status)) continue;
          const response = resolve(raw).node ?? {};
          if (!Object.keys(response.headers ?? {}).includes('Idempotent-Replayed')) {
            report({
              message: `The ${status} response of a POST must declare the \`Idempotent-Replayed\` header.`,
              location: location.child(['responses', status]).key(),
            });
          }
        }
      },
    },
  });
}

/** Every operation names the roles that may call it. */
function operationRoles() {
  return inPaths({
    Operation: {
      enter(operation, {report, location}) {
        const roles = operation['x-roles'];
        if (!Array.isArray(roles) || !roles.length) {
          report({message: 'An operation must declare `x-roles`, the roles that may call it.', location: location.key()});
          return;
        }
        for (const [index, role] of roles.entries()) {
          if (!ROLES.has(role)) {
            report({
              message: `Unknown role "${role}"; use admin, editor, viewer or purge.`,
              location: location.child(['x-roles', index]),
            });
          }
        }
      },
    },
  });
}

/** Every operation documents server errors through the shared `default` response. */
function defaultServerError() {
  return inPaths({
    Operation: {
      enter(operation, {report, location}) {
        if (!operation.responses?.default) {
          report({message: 'An operation must have the shared `default` (server error) response.', location: location.child('responses').key()});
        }
      },
    },
  });
}

export default function tributaryRules() {
  return {
    id: 'tributary',
    rules: {
      oas3: {
        'post-idempotency-key': postIdempotencyKey,
        'operation-roles': operationRoles,
        'default-server-error': defaultServerError,
        'response-headers': responseHeaders,
      },
    },
  };
}
