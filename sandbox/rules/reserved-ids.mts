// A sandbox seeded for a page (`seed=page:…`) starts without the objects the page creates, and its
// creates answer with the ids (and service uid) the page shows, so that the page's later calls,
// which name those ids, run verbatim.
import {worlds} from '../world.mts';
import type {RuleSet} from './index.mts';

export const reservedIdRules: RuleSet = {
  any: {
    initial(context, object) {
      const idField = context.engine.spec.idField(context.route.collection);
      if (context.route.kind !== 'create' || object[idField] !== undefined) return object;
      const seed = context.store.seedOf(context.sandboxId);
      const candidates = seed ? (worlds().reserved[seed] ?? []) : [];
      const template = context.collectionPath;
      for (const entry of candidates) {
        if (entry.collection !== template || object[entry.field] !== entry.value) continue;
        if (context.store.findById(context.sandboxId, entry.id)) continue;
        return {...object, [idField]: entry.id, ...(entry.uid ? {uid: entry.uid} : {})};
      }
      return object;
    },
  },
};
