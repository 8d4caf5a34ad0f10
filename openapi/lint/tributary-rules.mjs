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

const hasHeader = (response, name) => Object.keys(response.headers ?? {}).includes(name);

/**
 * Reads and writes carry the resource's version: a retrieve (and the behaviors list, whose ETag
 * guards update-all) answers with `ETag`, and so do the 2xx responses of PUT and PATCH and the 201
 * of a create. PUT, PATCH and DELETE accept `If-Match` and document its `412`.
 */
function etagIfMatch() {
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

/**
 * A PATCH takes a JSON Merge Patch (`application/merge-patch+json`) whose schema has exactly the
 * writable properties of the resource it returns, with the same definitions, none required.
 */
function patchSchema() {
  return {
    Operation: {
      enter(operation, {key, report, location, resolve}) {
        if (key !== 'patch') return;
        const content = resolve(operation.requestBody).node?.content ?? {};
        const media = content['application/merge-patch+json'];
        if (!media || Object.keys(content).length !== 1) {
          report({message: 'A PATCH body must be `application/merge-patch+json` only.', location: location.child('requestBody').key()});
          return;
        }
        const patch = resolve(media.schema).node ?? {};
        if (patch.required?.length) {
          report({message: 'A merge-patch schema must not require any field.', location: location.child('requestBody').key()});
        }
        const ok = resolve(operation.responses?.['200']).node?.content?.['application/json']?.schema;
        // $refs inside a resolved file are relative to that file.
        const from = (resolved) => resolved.location?.source.absoluteRef;
        const top = resolve(ok);
        const resource = top.node ?? {};
        const variants = resource.oneOf ? resource.oneOf.map((variant) => resolve(variant, from(top))) : [top];
        const writable = new Map();
        for (const variant of variants) {
          for (const [name, property] of Object.entries(variant.node?.properties ?? {})) {
            if (writable.has(name) || (resource.oneOf && name === 'type')) continue;
            if (!(resolve(property, from(variant)).node ?? {}).readOnly) writable.set(name, property);
          }
        }
        const expected = [...writable.keys()].sort().join(', ');
        const actual = Object.keys(patch.properties ?? {}).sort().join(', ');
        if (expected !== actual) {
          report({
            message: `The merge-patch schema's properties (${actual}) must be the resource's writable properties (${expected}).`,
            location: location.child('requestBody').key(),
          });
          return;
        }
        for (const [name, property] of writable) {
          if (JSON.stringify(patch.properties[name]) !== JSON.stringify(property)) {
            report({
              message: `Property \`${name}\` of the merge-patch schema differs from the resource's.`,
              location: location.child('requestBody').key(),
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
        'etag-if-match': etagIfMatch,
        'patch-schema': patchSchema,
      },
    },
  };
}
