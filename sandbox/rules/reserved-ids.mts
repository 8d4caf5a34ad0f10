// A sandbox seeded for a page (`seed=page:…`) starts without the objects the page creates, and its
// creates answer with the ids (and service uid) the page shows, so that the page's later calls,
// which name those ids, run verbatim. Objects made as a side effect of a create (a new service's
// default traffic policy and default behavior) get the page's ids the same way.
import {worlds} from '../world.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

/** `object` with the id the page reserved for it in `collectionPath`, if any is still free. */
export function withReservedId(context: Context, collectionPath: string, idField: string, object: Json): Json {
  const seed = context.store.seedOf(context.sandboxId);
  const candidates = seed ? (worlds().reserved[seed] ?? []) : [];
  for (const entry of candidates) {
    if (entry.collection !== collectionPath || object[entry.field] !== entry.value) continue;
    if (context.store.findById(context.sandboxId, entry.id)) continue;
    const reserved: Json = {...object, [idField]: entry.id};
    if (entry.uid) {
      reserved.uid = entry.uid;
      if (typeof object.cname === 'string') reserved.cname = `${entry.uid}.edge.tributary.example`;
    }
    return reserved;
  }
  return object;
}

export const reservedIdRules: RuleSet = {
  any: {
    initial(context, object) {
      if (context.route.kind !== 'create') return object;
      return withReservedId(
        context,
        context.collectionPath,
        context.engine.spec.idField(context.route.collection),
        object,
      );
    },
  },
};
