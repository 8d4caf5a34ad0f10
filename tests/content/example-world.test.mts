// One example world: every object the guides show (in <ApiRequest> props and JSON blocks) has the
// name, hostname or title, and the service uid, that docs/example-world.json gives its id.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {guideExamples, pageExamples} from './examples.mts';
import {guidePageFiles} from './pages.mts';

interface WorldObject {
  name?: string;
  hostname?: string;
  email?: string;
  title?: string;
  uid?: string;
  /** Names a rename example gives the object. */
  renamed_to?: string[];
}
const WORLD_FILE = 'docs/example-world.json';
const world: {objects: Record<string, WorldObject>} = JSON.parse(readFileSync(WORLD_FILE, 'utf8'));
const examples = guideExamples();

/** What a page says about an example object that the world file says otherwise. */
function disagreements(found: ReturnType<typeof guideExamples>, objects: Record<string, WorldObject>): string[] {
  return found.flatMap(({where, id, label, uid}) => {
    const known = objects[id];
    if (!known) return label ? [`${where}: ${id} ("${label.value}") is not in ${WORLD_FILE}: add it there`] : [];
    const problems: string[] = [];
    const renamed = label?.field === 'name' && known.renamed_to?.includes(label.value);
    if (label && !renamed && known[label.field as keyof WorldObject] !== label.value) {
      const expected = known[label.field as keyof WorldObject];
      problems.push(
        `${where}: ${id} has ${label.field} "${label.value}" here but ${expected === undefined ? `no ${label.field}` : `"${expected}"`} in ${WORLD_FILE}`,
      );
    }
    if (uid !== undefined && known.uid !== uid)
      problems.push(`${where}: ${id} has uid "${uid}" here but "${known.uid}" in ${WORLD_FILE}`);
    return problems;
  });
}

test('a page that calls a known object by another name fails, naming the page, the id and both names', () => {
  const page = [
    '```json',
    '{"id": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f", "name": "www-staging", "uid": "k7m2p9qx"}',
    '```',
  ].join('\n');
  assert.deepEqual(
    disagreements(pageExamples('page.mdx', page), {
      '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f': {name: 'www-production', uid: 'k7m2p9qx'},
    }),
    [
      `page.mdx:1: 6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f has name "www-staging" here but "www-production" in ${WORLD_FILE}`,
    ],
  );
});

test('every example object of the guides has the name and uid the example world gives it', () => {
  assert.ok(examples.length > 100, `the guides' example objects are found (${examples.length})`);
  assert.deepEqual(disagreements(examples, world.objects), []);
});

test('every object of the example world appears in a guide', () => {
  // Shown as an object, or named by its id where a request refers to it (a protocol config's `domain_id`).
  const named = guidePageFiles().flatMap(
    (file) => readFileSync(file, 'utf8').match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [],
  );
  const used = new Set([...examples.map((example) => example.id), ...named]);
  assert.deepEqual(
    Object.keys(world.objects).filter((id) => !used.has(id)),
    [],
  );
});

test('dashboard steps name services of the example world', () => {
  const serviceNames = new Set(
    Object.values(world.objects)
      .filter((object) => object.uid !== undefined)
      .flatMap((object) => [object.name, ...(object.renamed_to ?? [])]),
  );
  const problems = guidePageFiles().flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(/\*\*Services > ([^>*]+?) (?:>|\*\*)/g)]
          .filter(([, name]) => !serviceNames.has(name))
          .map(
            ([, name]) =>
              `${file}:${index + 1}: the dashboard path names the service "${name}", which is not in ${WORLD_FILE}`,
          ),
      ),
  );
  assert.deepEqual(problems, []);
});
