import assert from 'node:assert/strict';
import {test} from 'node:test';
import {appAddressOf, isPagePath, type LinkClick} from './links';

const page = 'https://docs.example/docs/Guides/Origins/Origin%20Shield';
const pages = new Set(['/docs/Guides/Origins/Adding an Origin', '/docs/api/origins-list']);
const isPage = (pathname: string) => pages.has(pathname);
const click = (href: string, extra: Partial<LinkClick> = {}): LinkClick => ({
  href: new URL(href, page).href,
  target: '',
  download: false,
  button: 0,
  modified: false,
  ...extra,
});

test('a plain click on a link to one of the pages opens it in the app, query and fragment kept', () => {
  assert.equal(appAddressOf(click('/docs/api/origins-list'), page, isPage), '/docs/api/origins-list');
  assert.equal(
    appAddressOf(click('Adding%20an%20Origin?tab=api#before-you-begin'), page, isPage),
    '/docs/Guides/Origins/Adding%20an%20Origin?tab=api#before-you-begin',
  );
});

test('the browser keeps the clicks that are not a page change in the app', () => {
  const to = '/docs/api/origins-list';
  assert.equal(appAddressOf(click(to, {button: 1}), page, isPage), null, 'middle button');
  assert.equal(appAddressOf(click(to, {modified: true}), page, isPage), null, 'a modifier key');
  assert.equal(appAddressOf(click(to, {target: '_blank'}), page, isPage), null, 'a target');
  assert.equal(appAddressOf(click(to, {download: true}), page, isPage), null, 'a download');
  assert.equal(appAddressOf(click('https://developers.cloudflare.com/'), page, isPage), null, 'another site');
  assert.equal(appAddressOf(click('#how-origin-shield-works'), page, isPage), null, 'an anchor on this page');
  assert.equal(appAddressOf(click('/docs/openapi.yaml'), page, isPage), null, 'a file, not a page');
});

test('a target of _self is the same as none', () => {
  assert.equal(
    appAddressOf(click('/docs/api/origins-list', {target: '_self'}), page, isPage),
    '/docs/api/origins-list',
  );
});

test('a path under the site is a page unless its last name has an extension', () => {
  assert.equal(isPagePath('/docs/Guides/Origins/Origin Shield', '/docs/'), true);
  assert.equal(isPagePath('/docs/api/origins-list', '/docs/'), true);
  assert.equal(isPagePath('/docs/', '/docs/'), true);
  assert.equal(isPagePath('/docs/openapi.yaml', '/docs/'), false);
  assert.equal(isPagePath('/docs/Guides/Origins/Origin Shield.md', '/docs/'), false);
  assert.equal(isPagePath('/elsewhere/page', '/docs/'), false);
});
