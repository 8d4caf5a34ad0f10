// A POST with an Idempotency-Key: the first answer is kept (the store keeps it 24 hours) with the
// method, path and body it answered, and replayed with Idempotent-Replayed: true; the same key with
// another path or body is `422` idempotency-key-mismatch.
import {createHash} from 'node:crypto';
import type {SandboxResponse} from './engine.mts';
import {Problem} from './problems.mts';
import type {Context} from './rules/index.mts';

/** The kept answer of `key`, or the answer of `run`, kept under `key`. */
export function idempotent(context: Context, body: unknown, key: string, run: () => SandboxResponse): SandboxResponse {
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new Problem('validation-failed', 'The Idempotency-Key header is invalid.', {
      errors: [{field: 'Idempotency-Key', message: 'Must be 1 to 255 visible ASCII characters, without spaces.'}],
    });
  const fingerprint = `${context.request.method} ${context.request.path}`;
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
  const kept = context.store.idempotency(context.sandboxId, key);
  if (kept) {
    if (kept.fingerprint !== fingerprint)
      throw new Problem(
        'idempotency-key-mismatch',
        `This Idempotency-Key was used for ${kept.fingerprint}; use a new key for each new request.`,
      );
    if (kept.bodyHash !== bodyHash)
      throw new Problem(
        'idempotency-key-mismatch',
        'This Idempotency-Key was used with another request body; use a new key for each new request.',
      );
    return {
      status: kept.status,
      headers: {...kept.headers, 'Idempotent-Replayed': 'true'},
      body: kept.body ? JSON.parse(kept.body) : undefined,
    };
  }
  const answer = run();
  context.store.keepIdempotent(context.sandboxId, key, {
    fingerprint,
    bodyHash,
    status: answer.status,
    headers: answer.headers,
    body: answer.body === undefined ? '' : JSON.stringify(answer.body),
  });
  return answer;
}
