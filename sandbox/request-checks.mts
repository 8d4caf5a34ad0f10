// What a request must pass before anything runs: the objects its path names before the last one
// exist (`404`), and its body has the operation's content type (`415`), is nested at most
// MAX_JSON_DEPTH levels (`400`) and matches the request schema (`422`).
import {fillPath} from '../src/lib/openapi/index.ts';
import {Problem} from './problems.mts';
import {depthOf} from './schema-values.mts';
import type {Context} from './rules/index.mts';

export const MAX_JSON_DEPTH = 16;

/** Every object named by the path before the last one must exist: `404` names the first missing one. */
export function checkParents(context: Context): void {
  const {route, params} = context;
  const segments = route.template.split('/').filter(Boolean);
  for (let index = 0; index < segments.length; index += 1) {
    const name = /^\{(.+)\}$/.exec(segments[index])?.[1];
    if (!name || (name === route.itemParam && route.kind !== 'action')) continue;
    const collection = fillPath(`/${segments.slice(0, index).join('/')}/`, params);
    if (!context.store.get(context.sandboxId, collection, params[name]))
      throw new Problem('not-found', `No object ${params[name]} at ${collection}.`);
  }
}

/** The body, once its content type, JSON depth and schema pass: `415`, `400` or `422` otherwise. */
export function checkBody(context: Context): unknown {
  const {route, request} = context;
  if (!route.requestSchema) return undefined;
  if (request.body === undefined) {
    if (route.requestRequired) throw new Problem('bad-request', `${route.operationId} needs a JSON body.`);
    return undefined;
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== route.requestMediaType)
    throw new Problem(
      'unsupported-media-type',
      `Send this body with Content-Type: ${route.requestMediaType}${route.kind.endsWith('patch') ? ' (a JSON Merge Patch)' : ''}, not ${type || 'no Content-Type'}.`,
      {},
      route.method === 'PATCH' ? {'Accept-Patch': route.requestMediaType ?? 'application/merge-patch+json'} : {},
    );
  if (depthOf(request.body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new Problem('bad-request', `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  const errors = context.engine.spec.validate(`${route.operationId}:request`, route.requestSchema, request.body);
  if (errors.length) throw new Problem('validation-failed', 'One or more fields are invalid.', {errors});
  return request.body;
}
