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

/**
 * Every 2xx JSON response schema with an `id` lists it in `required` (with allOf members merged,
 * each oneOf/anyOf variant and the items of list pages checked), so that generated clients type the
 * `id` of a response as always present.
 */
function responseIdRequired() {
  return {
    Operation: {
      enter(operation, {report, location, resolve}) {
        for (const [status, raw] of Object.entries(operation.responses ?? {})) {
          if (!/^2/.test(status)) continue;
          const response = resolve(raw);
          const schema = response.node?.content?.['application/json']?.schema;
          if (!schema) continue;
          const from = response.location?.source.absoluteRef ?? location.source.absoluteRef;
          for (const where of optionalIds(schema, resolve, from)) {
            report({
              message: `The ${status} response's ${where} has an \`id\` that \`required\` does not list; list it (responses always carry it).`,
              location: location.child(['responses', status]).key(),
            });
          }
        }
      },
    },
  };
}

/**
 * Where an object of `schema` has an optional `id` ("schema", "Origin", "results[] (Origin)").
 * `from` is the file that `schema` is written in, against which its relative `$ref`s resolve.
 */
function optionalIds(schema, resolve, from, seen = new Set()) {
  const ref = schema?.$ref;
  const resolved = ref ? resolve(schema, from) : {node: schema};
  const node = resolved.node;
  const file = resolved.location?.source.absoluteRef ?? from;
  if (!node || typeof node !== 'object' || seen.has(node)) return [];
  seen.add(node);
  const name = ref ? ref.split('/').pop().replace(/\.yaml$/, '') : 'schema';
  const properties = {};
  const required = new Set(node.required ?? []);
  for (const part of node.allOf ?? []) {
    const member = part.$ref ? (resolve(part, file).node ?? {}) : part;
    Object.assign(properties, member.properties ?? {});
    for (const field of member.required ?? []) required.add(field);
  }
  Object.assign(properties, node.properties ?? {});
  const found = properties.id && !required.has('id') ? [name] : [];
  for (const option of [...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
    found.push(...optionalIds(option, resolve, file, seen));
  }
  const results = properties.results?.$ref ? resolve(properties.results, file).node : properties.results;
  if (results?.items) {
    found.push(...optionalIds(results.items, resolve, file, seen).map((item) => `results[] (${item})`));
  }
  return found;
}

export default function tributaryRules() {
  return {
    id: 'tributary',
    rules: {
      oas3: {
        'post-idempotency-key': postIdempotencyKey,
        'operation-roles': operationRoles,
        'default-server-error': defaultServerError,
        'response-id-required': responseIdRequired,
      },
    },
  };
}
