// The operation rules: what every operation, request and response under `paths` must declare.
/** A visitor that sees only what lies under `paths` (nested visitors of Redocly). */
const inPaths = (visitor) => ({Paths: visitor});

const ROLES = new Set(['admin', 'editor', 'viewer', 'purge']);

/**
 * The headers every response declares, by status class (`2XX`, `4XX`) or key (`default`), as the
 * `names` option lists them (redocly.yaml).
 */
export function responseHeaders({names = {}} = {}) {
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
export function postIdempotencyKey() {
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
export function operationRoles() {
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
export function defaultServerError() {
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

/** Every write that saves a config version ("saved as a new config version") returns its number. */
export function configVersionHeader() {
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

const hasHeader = (response, name) => Object.keys(response.headers ?? {}).includes(name);

/**
 * Reads and writes carry the resource's version: a retrieve (and the behaviors list, whose ETag
 * guards update-all) answers with `ETag`, and so do the 2xx responses of PUT and PATCH and the 201
 * of a create. PUT, PATCH and DELETE accept `If-Match` and document its `412`.
 */
export function etagIfMatch() {
  return {
    Operation: {
      enter(operation, {key, report, location, resolve}) {
        const id = operation.operationId ?? '';
        const versioned = (status) =>
          (key === 'get' && status === '200' && (id.endsWith('_retrieve') || id === 'services_behaviors_list')) ||
          (['put', 'patch'].includes(key) && /^2/.test(status) && status !== '204') ||
          (key === 'post' && status === '201');
        for (const [status, raw] of Object.entries(operation.responses ?? {})) {
          if (!versioned(status)) continue;
          if (!hasHeader(resolve(raw).node ?? {}, 'ETag')) {
            report({
              message: `The ${status} response of this ${key.toUpperCase()} must declare the \`ETag\` header.`,
              location: location.child(['responses', status]).key(),
            });
          }
        }
        if (!['put', 'patch', 'delete'].includes(key)) return;
        const parameters = (operation.parameters ?? []).map((parameter) => resolve(parameter).node ?? {});
        if (!parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'If-Match')) {
          report({message: `A ${key.toUpperCase()} operation must accept the \`If-Match\` header.`, location: location.key()});
        }
        if (!operation.responses?.['412']) {
          report({message: `A ${key.toUpperCase()} operation must document \`412\` (If-Match failed).`, location: location.child('responses').key()});
        }
      },
    },
  };
}

