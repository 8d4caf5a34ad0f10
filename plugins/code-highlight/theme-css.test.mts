import {test} from 'node:test';
import assert from 'node:assert/strict';
import {themes} from 'prism-react-renderer';
import {themeCss, themeRules} from './theme-css.mts';

test('each mode sets the block colours and its token colours under its own data-theme', () => {
  const css = themeCss({light: themes.vsLight, dark: themes.vsDark});
  assert.match(
    css,
    /\[data-theme='light'\] \.theme-code-block\{--prism-color:#000000;--prism-background-color:#ffffff\}/,
  );
  assert.match(
    css,
    /\[data-theme='dark'\] \.theme-code-block\{--prism-color:#9CDCFE;--prism-background-color:#1E1E1E\}/i,
  );
  assert.match(css, /\[data-theme='dark'\] \.prism-code \.token\.string[,{]/);
});

test('language-specific entries only apply to blocks of that language; styles become CSS declarations', () => {
  const rules = themeRules(
    {
      plain: {color: '#000', backgroundColor: '#fff'},
      styles: [{types: ['punctuation'], languages: ['markup'], style: {color: '#111', fontStyle: 'italic'}}],
    },
    'light',
  );
  assert.ok(
    rules.includes("[data-theme='light'] .prism-code.language-markup .token.punctuation{color:#111;font-style:italic}"),
    rules.join('\n'),
  );
});

test('a token type that is not a CSS identifier is refused rather than written as a broken selector', () => {
  assert.throws(
    () =>
      themeRules(
        {plain: {color: '#000', backgroundColor: '#fff'}, styles: [{types: ['a{b'], style: {color: '#111'}}]},
        'light',
      ),
    /unexpected Prism token type "a\{b"/,
  );
});
