import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {findInertComponents, inertComponentsError} from './island-check.mts';

/** A site in a temporary folder: `files` by path, then the check's findings. */
function check(files: Record<string, string>) {
  const site = mkdtempSync(path.join(tmpdir(), 'island-check-'));
  try {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
      writeFileSync(path.join(site, file), content);
    }
    return findInertComponents(site, ['docs']);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
}

const page = (component: string) => `import Widget from '@site/src/components/${component}';\n\n<Widget />\n`;

test('a component with state, effects or handlers used in MDX must be an island', () => {
  for (const body of [
    'const [x, setX] = useState(0);',
    'useEffect(() => {}, []);',
    'return <button onClick={() => {}} />;',
  ]) {
    const found = check({'docs/a.mdx': page('Widget'), 'src/components/Widget/index.tsx': body});
    assert.deepEqual(
      found,
      [
        {
          page: 'docs/a.mdx',
          component: '@site/src/components/Widget',
          interactiveIn: 'src/components/Widget/index.tsx',
        },
      ],
      body,
    );
  }
});

test('so must a component that renders one, through its imports in the site', () => {
  const found = check({
    'docs/a.mdx': page('Wrapper'),
    'src/components/Wrapper/index.tsx': "import Inner from './Inner';\nexport default () => <Inner />;",
    'src/components/Wrapper/Inner.tsx': 'export default () => <input onChange={() => {}} />;',
  });
  assert.equal(found[0]?.interactiveIn, 'src/components/Wrapper/Inner.tsx');
  assert.match(
    inertComponentsError(found)?.message ?? '',
    /docs\/a\.mdx: @site\/src\/components\/Wrapper \(needs React in src\/components\/Wrapper\/Inner\.tsx\)/,
  );
});

test('an island, a static component and one marked static by design pass', () => {
  assert.deepEqual(
    check({
      'docs/a.mdx': page('Island') + page('Plain') + page('Lazy'),
      'src/components/Island/index.tsx': 'function I() { useState(0); }\nexport default registerIsland(I);',
      'src/components/Plain/index.tsx': 'export default () => <p>text</p>;',
      'src/components/Lazy/index.tsx': '// static-in-article: shown by the server HTML\nuseLayoutEffect(() => {});',
    }),
    [],
  );
  assert.equal(inertComponentsError([]), null);
});
