// Deletes of a resource that another still refers to are refused (`409`), naming the user: the
// reference is found by its id anywhere in another object of the sandbox, so a new kind of reference
// needs no code. The problem type depends on what is deleted, as the problem-type catalogue says.
import {Problem} from '../problems.mts';
import type {RuleSet} from './index.mts';

export const IN_USE_TYPES: Record<string, string> = {
  '/services/{service_id}/origins/': 'origin-in-use',
  '/services/{service_id}/origin-sets/': 'origin-set-in-use',
  '/certificates/': 'certificate-in-use',
  '/alert-channels/': 'channel-in-use',
  '/services/{service_id}/health-checks/': 'health-check-in-use',
  '/services/{service_id}/performance-checks/': 'performance-check-in-use',
  '/account-providers/': 'provider-in-use',
};
/** Deleting these removes the references too (a detached provider leaves every policy). */
const CASCADES = new Set(['/services/{service_id}/providers/', '/services/', '/access-tokens/']);
/** Objects that mention ids without using them: history and purges. */
const HISTORY = /^\/(_snapshots\/|services\/[^/]+\/(service-config|purges)\/)/;

export const inUseRules: RuleSet = {
  any: {
    deleting(context, object) {
      const template = context.route.collection;
      if (CASCADES.has(template)) return;
      const id = String(object[context.engine.spec.idField(template)]);
      const own = `${context.collectionPath}${id}/`;
      for (const other of context.store.listUnder(context.sandboxId, '/')) {
        if (other.id === id || other.collection.startsWith(own) || HISTORY.test(other.collection)) continue;
        if (!JSON.stringify(other.body).includes(`"${id}"`)) continue;
        const name = other.body.name ?? other.body.hostname ?? other.id;
        throw new Problem(
          IN_USE_TYPES[template] ?? 'resource-in-use',
          `${String(name)} (${other.id}, at ${other.collection}) still uses it; remove the reference first.`,
          {
            existing_id: other.id,
          },
        );
      }
    },
  },
};
