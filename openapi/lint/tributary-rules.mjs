// Redocly lint rules of the Tributary API's design (redocly.yaml enables them as `tributary/…`).
// Each rule enforces one promise of the overview, so that a new operation cannot forget it.
const ROLES = new Set(['admin', 'editor', 'viewer', 'purge']);

/** Every POST accepts Idempotency-Key, and its 2xx responses say when they are replays. */
function postIdempotencyKey() {
  return {
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
  };
}

/** Every operation names the roles that may call it. */
function operationRoles() {
  return {
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
  };
}

/** Every operation documents server errors through the shared `default` response. */
function defaultServerError() {
  return {
    Operation: {
      enter(operation, {report, location}) {
        if (!operation.responses?.default) {
          report({message: 'An operation must have the shared `default` (server error) response.', location: location.child('responses').key()});
        }
      },
    },
  };
}

/** Every write that saves a config version ("saved as a new config version") returns its number. */
function configVersionHeader() {
  return {
    Operation: {
      enter(operation, {report, location, resolve}) {
        if (!/saved\s+as\s+a\s+new\s+config\s+version/.test(operation.description ?? '')) return;
        for (const [status, raw] of Object.entries(operation.responses ?? {})) {
          if (!/^2/.test(status)) continue;
          const response = resolve(raw).node ?? {};
          if (!Object.keys(response.headers ?? {}).includes('Tributary-Config-Version')) {
            report({
              message: `The ${status} response of a write that saves a config version must declare the \`Tributary-Config-Version\` header.`,
              location: location.child(['responses', status]).key(),
            });
          }
        }
      },
    },
  };
}

export default function tributaryRules() {
  return {
    id: 'tributary',
    rules: {
      oas3: {
        'post-idempotency-key': postIdempotencyKey,
        'operation-roles': operationRoles,
        'default-server-error': defaultServerError,
        'config-version-header': configVersionHeader,
      },
    },
  };
}
