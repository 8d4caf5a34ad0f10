// Name-value pairs that may hold a credential (the headers of a request log endpoint, the
// environment variables of an edge function): each carries exactly one of `value` and
// `secret_value`; `secret` says which, and a secret pair answers `value: null` (its `secret_value`
// is write-only, so it is never answered and an update sends it again).
import {Problem} from '../problems.mts';
import type {Context, RuleSet} from './index.mts';

type Json = Record<string, unknown>;

/** The array field of pairs, by the collection that holds them. */
const PAIR_FIELDS: Record<string, string> = {
  '/services/{service_id}/request-log-endpoints/': 'headers',
  '/services/{service_id}/user-compute/': 'environment_variables',
};

function markSecrets(field: string) {
  return (_context: Context, next: Json) => {
    const pairs = next[field];
    if (!Array.isArray(pairs)) return;
    const errors: {field: string; message: string}[] = [];
    next[field] = pairs.map((pair: Json, index: number) => {
      const hasValue = pair.value !== undefined && pair.value !== null;
      const hasSecret = pair.secret_value !== undefined;
      if (hasValue === hasSecret)
        errors.push({field: `${field}.${index}`, message: 'Send exactly one of value and secret_value.'});
      return {...pair, secret: hasSecret, ...(hasSecret ? {value: null} : {})};
    });
    if (errors.length) throw new Problem('validation-failed', 'One or more fields are invalid.', {errors});
  };
}

export const secretValueRules: RuleSet = {
  check: Object.fromEntries(Object.entries(PAIR_FIELDS).map(([collection, field]) => [collection, markSecrets(field)])),
};
