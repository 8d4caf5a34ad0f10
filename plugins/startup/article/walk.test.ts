import assert from 'node:assert/strict';
import {test} from 'node:test';
import {createElement, Fragment, isValidElement, type ReactNode} from 'react';
import {registerIsland} from '../islands';
import {markIslands} from './walk';

const Tabs = registerIsland(({children}: {children?: ReactNode}) => children);
const CodeBlock = registerIsland(({children}: {children?: ReactNode}) => children);
const Admonition = ({children}: {children?: ReactNode}) => children;
const Boundary = ({children}: {index: number; children: ReactNode}) => children;

/** The tree as nested arrays of [type name, props.index?, children], to compare shapes. */
function shape(node: ReactNode): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (!isValidElement<{children?: ReactNode; index?: number}>(node)) return node;
  const type =
    typeof node.type === 'string'
      ? node.type
      : node.type === Fragment
        ? 'Fragment'
        : node.type === Boundary
          ? `Boundary ${node.props.index}`
          : node.type === Tabs
            ? 'Tabs'
            : node.type === CodeBlock
              ? 'CodeBlock'
              : 'Admonition';
  return node.props.children === undefined ? type : [type, shape(node.props.children)];
}

test('islands are numbered depth first and wrapped; the rest of the tree is kept', () => {
  const article = createElement(Fragment, null, [
    createElement('h2', {key: 'h'}, 'Turn on the shield'),
    createElement('p', {key: 'p'}, 'Text ', createElement('code', null, 'inline')),
    createElement(Admonition, {key: 'a'}, createElement('p', null, 'Note'), createElement(CodeBlock, null, 'curl …')),
    createElement(Tabs, {key: 't'}, createElement(CodeBlock, null, 'nested: part of the tab set')),
    createElement(CodeBlock, {key: 'c'}, 'last'),
  ]);
  const {tree, islands} = markIslands(article, Boundary);
  assert.deepEqual(shape(tree), [
    'Fragment',
    [
      ['h2', 'Turn on the shield'],
      ['p', ['Text ', ['code', 'inline']]],
      [
        'Admonition',
        [
          ['p', 'Note'],
          ['Boundary 0', ['CodeBlock', 'curl …']],
        ],
      ],
      ['Boundary 1', ['Tabs', ['CodeBlock', 'nested: part of the tab set']]],
      ['Boundary 2', ['CodeBlock', 'last']],
    ],
  ]);
  assert.deepEqual(
    islands.map((island) => shape(island)),
    [
      ['CodeBlock', 'curl …'],
      ['Tabs', ['CodeBlock', 'nested: part of the tab set']],
      ['CodeBlock', 'last'],
    ],
  );
});

test('a tree without islands comes back as the same objects', () => {
  const paragraph = createElement('p', null, 'Only text');
  const {tree, islands} = markIslands(paragraph, Boundary);
  assert.equal(tree, paragraph);
  assert.deepEqual(islands, []);
});
