// Evaluation order (./order.mts): priorities leave gaps of 10, positions move the others down.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {sandboxForFile} from '../test-support.mts';

const sandbox = sandboxForFile();

function newService() {
  const token = sandbox.mint();
  const service = sandbox.send(token, 'POST', '/services/', {body: {name: 'www', template: 'DEFAULT'}}).json;
  return {token, serviceId: String(service.id)};
}

const rateLimit = (name: string, order?: number) => ({
  name,
  requests_limit: 10,
  window_seconds: 60,
  ...(order === undefined ? {} : {order}),
});

test('a rate limit created without an order goes 10 after the highest, and nothing moves', () => {
  const {token, serviceId} = newService();
  const collection = `/services/${serviceId}/waf-rate-limit/`;
  const first = sandbox.send(token, 'POST', collection, {body: rateLimit('first')});
  assert.equal(first.status, 201);
  assert.equal(first.json.order, 10);
  sandbox.send(token, 'POST', collection, {body: rateLimit('fixed', 25)});
  const next = sandbox.send(token, 'POST', collection, {body: rateLimit('next')}).json;
  assert.equal(next.order, 35);
  const tie = sandbox.send(token, 'POST', collection, {body: rateLimit('tie', 25)});
  assert.equal(tie.status, 201);
  const orders = sandbox.send(token, 'GET', collection).json.results as {name: string; order: number}[];
  assert.deepEqual(Object.fromEntries(orders.map((limit) => [limit.name, limit.order])), {
    first: 10,
    fixed: 25,
    next: 35,
    tie: 25,
  });
});

test('a geo restriction rule taking a held position moves that rule and the following down by one', () => {
  const {token, serviceId} = newService();
  const collection = `/services/${serviceId}/geo-restriction/`;
  // Each rule has its own path pattern: two rules may not share one (duplicate-path-pattern).
  const rule = (countries: string[], order?: number) => ({
    body: {action: 'block', countries, path_pattern: `/${countries[0]}/*`, ...(order === undefined ? {} : {order})},
  });
  assert.equal(sandbox.send(token, 'POST', collection, rule(['RU'])).json.order, 1);
  assert.equal(sandbox.send(token, 'POST', collection, rule(['KP'])).json.order, 2);
  assert.equal(sandbox.send(token, 'POST', collection, rule(['IR'], 1)).json.order, 1);
  const rules = sandbox.send(token, 'GET', collection).json.results as {countries: string[]; order: number}[];
  assert.deepEqual(Object.fromEntries(rules.map((entry) => [entry.countries[0], entry.order])), {IR: 1, RU: 2, KP: 3});
});

test('moving or deleting a geo restriction rule closes the gap it leaves', () => {
  const {token, serviceId} = newService();
  const collection = `/services/${serviceId}/geo-restriction/`;
  const ids = ['RU', 'KP', 'IR', 'SY'].map(
    (country) =>
      sandbox.send(token, 'POST', collection, {
        body: {action: 'block', countries: [country], path_pattern: `/${country}/*`},
      }).json.id as string,
  );
  const orders = () =>
    Object.fromEntries(
      (sandbox.send(token, 'GET', collection).json.results as {countries: string[]; order: number}[]).map((rule) => [
        rule.countries[0],
        rule.order,
      ]),
    );
  assert.equal(sandbox.send(token, 'PATCH', `${collection}${ids[0]}/`, {body: {order: 3}}).status, 200);
  assert.deepEqual(orders(), {KP: 1, IR: 2, RU: 3, SY: 4});
  assert.equal(sandbox.send(token, 'PATCH', `${collection}${ids[3]}/`, {body: {order: 1}}).status, 200);
  assert.deepEqual(orders(), {SY: 1, KP: 2, IR: 3, RU: 4});
  assert.equal(sandbox.send(token, 'DELETE', `${collection}${ids[1]}/`).status, 204);
  assert.deepEqual(orders(), {SY: 1, IR: 2, RU: 3});
});
