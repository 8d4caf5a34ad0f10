// Behaviors as one ordered list (product model › Behaviors): Update all behaviors takes the list's
// ETag in If-Match, updates the items with an id, creates the others, and deletes an omitted
// behavior only with `delete_missing=true` (otherwise `422` behaviors-missing, nothing changed).
// Also the S3 credentials of a private bucket origin: never returned (the origin says they are set).
import {etagOf} from '../store.mts';
import {Problem} from '../problems.mts';
import type {RuleSet} from './index.mts';
import {build} from './services.mts';

type Json = Record<string, unknown>;

export const behaviorRules: RuleSet = {
  actions: {
    services_behaviors_update_all_update(context, body) {
      const collection = `/services/${context.params.service_id}/behaviors/`;
      const current = context.store.list(context.sandboxId, collection);
      context.engine.checkIfMatch(context.request, etagOf(current.map((object) => object.etag)));
      const items = body as Json[];
      const kept = new Set(items.map((item) => item.id).filter(Boolean));
      for (const item of items)
        if (item.id && !current.some((object) => object.id === item.id && !object.body.is_default))
          throw new Problem('validation-failed', 'One or more fields are invalid.', {
            errors: [{field: `${items.indexOf(item)}.id`, message: 'Not a non-default behavior of this service.'}],
          });
      const omitted = current.filter((object) => !object.body.is_default && !kept.has(object.id));
      if (omitted.length && context.request.query.get('delete_missing') !== 'true')
        throw new Problem(
          'behaviors-missing',
          `The list omits ${omitted.length} behavior(s): send them, or delete_missing=true to delete them.`,
          {
            errors: omitted.map((object) => ({
              field: object.id,
              message: `The behavior "${String(object.body.name)}" is missing from the list.`,
            })),
          },
        );
      for (const object of omitted) context.store.delete(context.sandboxId, collection, object.id);
      items.forEach((item, index) => {
        const previous = current.find((object) => object.id === item.id)?.body;
        const next = previous
          ? {...previous, ...item, order: index + 1, position: index + 1, updated_at: context.nowIso}
          : build(context, 'services_behaviors_list', {
              ...item,
              order: index + 1,
              position: index + 1,
              is_default: false,
            });
        context.store.put(context.sandboxId, collection, String(next.id), next);
      });
      const all = context.store
        .list(context.sandboxId, collection)
        .map((object) => object.body)
        .sort((a, b) => Number(a.order) - Number(b.order));
      return {
        status: 200,
        headers: {},
        body: all.map((behavior) => context.engine.view(context.route.responseSchema?.items, behavior)),
      };
    },
    services_origins_update_s3_credentials_update(context) {
      const collection = `/services/${context.params.service_id}/origins/`;
      const origin = context.store.get(context.sandboxId, collection, context.params.origin_id)!;
      const s3 = origin.body.s3 as Json | undefined;
      if (origin.body.type !== 's3' || !s3)
        throw new Problem('validation-failed', 'One or more fields are invalid.', {
          errors: [{field: 'origin_id', message: 'Only an origin of type s3 takes S3 credentials.'}],
        });
      context.store.put(context.sandboxId, collection, origin.id, {
        ...origin.body,
        // The key itself is never returned, so the sandbox keeps only that one is set.
        s3: {...s3, credentials_set: true},
        updated_at: context.nowIso,
      });
      return context.engine.answer(context, 200, context.store.get(context.sandboxId, collection, origin.id)!);
    },
  },
};
