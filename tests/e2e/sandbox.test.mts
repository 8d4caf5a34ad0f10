// The sandbox as served: through nginx, which spreads tokens over two sandbox processes (`npm test`
// starts two) with its consistent hash, and answers what it refuses itself as problem+json.
import {test} from 'node:test';
import assert from 'node:assert/strict';

const SANDBOX_URL = process.env.SANDBOX_URL ?? 'http://127.0.0.1:8090/docs/sandbox';
const API = `${SANDBOX_URL}/api/v1`;

async function newToken(): Promise<string> {
  const response = await fetch(`${SANDBOX_URL}/tokens`, {method: 'POST'});
  assert.equal(response.status, 201);
  return ((await response.json()) as {token: string}).token;
}

test("a token's state is the same over 100 requests, whichever process nginx sends them to", async () => {
  assert.equal(
    (process.env.SANDBOX_SOCKETS ?? '').split(',').filter(Boolean).length,
    2,
    'npm test serves two sandbox processes',
  );
  const tokens = await Promise.all(Array.from({length: 4}, () => newToken()));
  for (const token of tokens) {
    const headers = {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'};
    const created = (await (
      await fetch(`${API}/services/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({name: 'hashed', template: 'DEFAULT'}),
      })
    ).json()) as {id: string};
    let expected = 'hashed';
    for (let index = 0; index < 25; index += 1) {
      if (index % 5 === 4) {
        expected = `hashed-${index}`;
        const patch = await fetch(`${API}/services/${created.id}/`, {
          method: 'PATCH',
          headers: {...headers, 'Content-Type': 'application/merge-patch+json'},
          body: JSON.stringify({name: expected}),
        });
        assert.equal(patch.status, 200);
      }
      const read = (await (await fetch(`${API}/services/${created.id}/`, {headers})).json()) as {name: string};
      assert.equal(read.name, expected);
    }
  }
});

test('nginx answers a body over 2 MB with a problem, and the sandbox one over 1 MB', async () => {
  const token = await newToken();
  for (const size of [1.5, 2.5]) {
    const response = await fetch(`${API}/services/`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({name: 'x'.repeat(size * 1024 * 1024), template: 'DEFAULT'}),
    });
    assert.equal(response.status, 413, `${size} MB`);
    assert.equal(response.headers.get('content-type'), 'application/problem+json');
    assert.equal(
      ((await response.json()) as {type: string}).type,
      'https://docs.tributary.example/docs/api/problem-types#payload-too-large',
    );
  }
  const list = (await (await fetch(`${API}/services/`, {headers: {Authorization: `Bearer ${token}`}})).json()) as {
    results: unknown[];
  };
  assert.deepEqual(list.results, []);
});
