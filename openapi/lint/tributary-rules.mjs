// Redocly lint rules of the Tributary API's design (redocly.yaml enables them as `tributary/…`).
// Each rule enforces one promise of the overview, so that a new operation cannot forget it. They
// check the operations under `paths` only: a webhook (top-level `webhooks`) is a request Tributary
// sends to the customer, so it takes no idempotency key or role, and its responses are the
import {
  configVersionHeader,
  defaultServerError,
  etagIfMatch,
  operationRoles,
  postIdempotencyKey,
  responseHeaders,
} from './operation-rules.mjs';
import {patchSchema, problemExamplesFit, problemTypes, responseIdRequired} from './schema-rules.mjs';

export default function tributaryRules() {
  return {
    id: 'tributary',
    rules: {
      oas3: {
        'post-idempotency-key': postIdempotencyKey,
        'operation-roles': operationRoles,
        'default-server-error': defaultServerError,
        'config-version-header': configVersionHeader,
        'problem-types': problemTypes,
        'problem-examples-fit': problemExamplesFit,
        'response-headers': responseHeaders,
        'etag-if-match': etagIfMatch,
        'patch-schema': patchSchema,
        'response-id-required': responseIdRequired,
      },
    },
  };
}
