import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {processTerm, tokenize} from './options';

const terms = (text: string) => tokenize(text).map(processTerm).filter(Boolean);

describe('text processing', () => {
  test('compound words are kept whole after their parts, in place', () => {
    const tokens = 'Send X Request Id X-Request-Id then page size page_size'.split(' ');
    assert.deepEqual(tokenize('Send X-Request-Id, then page_size'), tokens);
    assert.deepEqual(terms('services_origins_create'), ['servic', 'origin', 'creat', 'services_origins_creat']);
  });

  test('identifiers with digits and dotted names are not compounds', () => {
    const tokens = '6f1c2d3e 4b5a h2 prior api tributary example'.split(' ');
    assert.deepEqual(tokenize('6f1c2d3e-4b5a h2-prior api.tributary.example'), tokens);
  });

  test('a query and the text it quotes give the same terms', () => {
    assert.deepEqual(terms('x-tributary-provider'), terms('The X-Tributary-Provider header').slice(0, 4));
  });
});
