// The schema and example rules: problem documents, PATCH bodies and response ids.
/**
 * Every problem+json example names a type of the catalogue (openapi/problem-types.yaml, included in
 * the root as `x-problem-types`) by its URI, with the catalogue's title and status, and that status
 * is the response's. A new type needs only its catalogue entry.
 */
export function problemTypes() {
  let types; // URI → {slug, title, status}
  let base;
  // A shared response is checked from every operation that uses it: report each problem once.
  const reported = new Set();
  const reportOnce = (report, problem) => {
    const key = `${problem.location.source?.absoluteRef}${problem.location.pointer}:${problem.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    report(problem);
  };
  return {
    Root: {
      enter(root, {report, location, resolve}) {
        const catalogue = root['x-problem-types'] ? resolve(root['x-problem-types']).node : undefined;
        if (!catalogue?.base || !catalogue.types) {
          report({
            message: 'The root must include the problem type catalogue: `x-problem-types: {$ref: ./problem-types.yaml}`.',
            location: location.key(),
          });
          return;
        }
        base = catalogue.base;
        types = new Map(
          Object.entries(catalogue.types).map(([slug, entry]) => [`${base}#${slug}`, {slug, ...entry}]),
        );
      },
    },
    Operation: {
      enter(operation, {report, location, resolve}) {
        if (!types) return;
        for (const [code, raw] of Object.entries(operation.responses ?? {})) {
          const resolved = resolve(raw);
          const usedAt = location.child(['responses', code]);
          const responseLocation = raw?.$ref ? resolved.location : usedAt;
          const media = resolved.node?.content?.['application/problem+json'];
          if (!media?.examples || !responseLocation) continue;
          for (const [name, rawExample] of Object.entries(media.examples)) {
            const example = resolve(rawExample);
            const exampleLocation = rawExample?.$ref
              ? example.location
              : responseLocation.child(['content', 'application/problem+json', 'examples', name]);
            const value = example.node?.value;
            if (!value || typeof value !== 'object' || !exampleLocation) continue;
            const at = (field) => exampleLocation.child(['value', field]);
            const type = types.get(value.type);
            if (!type) {
              const slug = String(value.type ?? '').split(/[#/]/).pop();
              reportOnce(report, {
                message: `Problem type "${value.type}" is not in openapi/problem-types.yaml; use ${base}#<slug> with a catalogued slug${slug ? ` (add "${slug}" there if it is new)` : ''}.`,
                location: at('type'),
              });
              continue;
            }
            if (value.title !== type.title) {
              reportOnce(report, {message: `The title of problem type "${type.slug}" is "${type.title}", not "${value.title}".`, location: at('title')});
            }
            if (value.status !== type.status) {
              reportOnce(report, {message: `Problem type "${type.slug}" has status ${type.status}, not ${value.status}.`, location: at('status')});
            }
            const fits = /^\d{3}$/.test(code)
              ? Number(code) === value.status
              : /^\dXX$/i.test(code)
                ? String(value.status).startsWith(code[0])
                : true;
            if (!fits) {
              // Reported where the operation uses the response: a shared one may fit elsewhere.
              report({
                message: `The ${code} response shows the example "${name}" with status ${value.status} ("${type.slug}").`,
                location: usedAt.key(),
              });
            }
          }
        }
      },
    },
  };
}

/**
 * The error examples of an operation, shared or inline, fit it: a field in `errors` is a field of its
 * request body or one of its parameters, a problem with the request body needs a body, and one with
 * an id "in this path" needs a path parameter.
 */
export function problemExamplesFit() {
  const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
  // `from`: the file a `$ref` is relative to (a schema file's refs are relative to that file).
  const fieldsOf = (schema, resolve, from, fields = new Set(), depth = 0) => {
    if (!schema || depth > 6) return fields;
    const {node, location} = resolve(schema, from);
    if (!node) return fields;
    const here = schema.$ref ? (location?.source?.absoluteRef ?? from) : from;
    for (const name of Object.keys(node.properties ?? {})) fields.add(name);
    for (const part of [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? [])]) {
      fieldsOf(part, resolve, here, fields, depth + 1);
    }
    if (node.items) fieldsOf(node.items, resolve, here, fields, depth + 1);
    return fields;
  };
  return {
    PathItem: {
      enter(pathItem, {report, location, resolve}) {
        for (const method of METHODS) {
          const operation = pathItem[method];
          if (!operation) continue;
          const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(p).node ?? {});
          const body = operation.requestBody ? resolve(operation.requestBody).node : undefined;
          const bodyFile = operation.requestBody?.$ref ? resolve(operation.requestBody).location?.source?.absoluteRef : location.source.absoluteRef;
          // The JSON body: application/json, or a +json type such as PATCH's application/merge-patch+json.
          const bodyMedia = Object.entries(body?.content ?? {}).find(([type]) => /^application\/(?:[\w.-]+\+)?json$/.test(type))?.[1];
          const fields = fieldsOf(bodyMedia?.schema, resolve, bodyFile);
          for (const parameter of parameters) fields.add(parameter.name);
          const hasPathParameter = parameters.some((parameter) => parameter.in === 'path');
          for (const [code, raw] of Object.entries(operation.responses ?? {})) {
            const examples = resolve(raw).node?.content?.['application/problem+json']?.examples ?? {};
            for (const [name, rawExample] of Object.entries(examples)) {
              const value = resolve(rawExample).node?.value;
              if (!value || typeof value !== 'object') continue;
              const misfits = [];
              const detail = String(value.detail ?? '');
              if (!body && /request body/i.test(detail)) misfits.push('its detail is about a request body, and the operation has none');
              if (!hasPathParameter && /in this path/i.test(detail)) misfits.push('its detail is about an id in the path, and the path has none');
              for (const error of value.errors ?? []) {
                const first = String(error.field ?? '').split('.').find((segment) => !/^\d+$/.test(segment));
                // An unknown field is by definition not in the schema: its message says so.
                if (/^Unknown field/.test(String(error.message))) continue;
                if (first && !fields.has(first)) misfits.push(`its field "${error.field}" is neither a field of the request body nor a parameter`);
              }
              for (const misfit of misfits) {
                report({
                  message: `The ${code} example "${name}" does not fit ${method.toUpperCase()} ${operation.operationId}: ${misfit}. Write an inline example for it.`,
                  location: location.child([method, 'responses', code]).key(),
                });
              }
            }
          }
        }
      },
    },
  };
}

/**
 * A PATCH takes a JSON Merge Patch (`application/merge-patch+json`) whose schema has exactly the
 * writable properties of the resource, with the same definitions, none required. The resource's
 * writable properties are those of the PUT body of the same path (a resource whose requests and
 * responses have separate schemas, such as `CertificateCreate` and `Certificate`), else those of
 * the PATCH's 200 response.
 */
export function patchSchema() {
  return {
    Operation: {
      enter(operation, {key, parent, report, location, resolve}) {
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
        const put = parent?.put?.requestBody ? resolve(parent.put.requestBody).node : undefined;
        const resourceSchema =
          put?.content?.['application/json']?.schema ??
          resolve(operation.responses?.['200']).node?.content?.['application/json']?.schema;
        // $refs inside a resolved file are relative to that file.
        const from = (resolved) => resolved.location?.source.absoluteRef;
        const top = resolve(resourceSchema);
        const resource = top.node ?? {};
        const variants = resource.oneOf ? resource.oneOf.map((variant) => resolve(variant, from(top))) : [top];
        const writable = new Map();
        // A variant's properties, its own and those of its allOf parts at any depth (a union built on
        // a common part, a response schema that extends its create schema).
        const partsOf = (variant) => [
          variant,
          ...(variant.node?.allOf ?? []).flatMap((part) => partsOf(resolve(part, from(variant)))),
        ];
        for (const part of variants.flatMap(partsOf)) {
          for (const [name, property] of Object.entries(part.node?.properties ?? {})) {
            if (writable.has(name) || (resource.oneOf && name === 'type')) continue;
            if (!(resolve(property, from(part)).node ?? {}).readOnly) writable.set(name, property);
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
          // With variants, a property may differ per variant (conditions by type): the names suffice.
          if (resource.oneOf) break;
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

/**
 * Every 2xx JSON response schema with an `id` lists it in `required` (with allOf members merged,
 * each oneOf/anyOf variant and the items of list pages checked), so that generated clients type the
 * `id` of a response as always present.
 */
export function responseIdRequired() {
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

