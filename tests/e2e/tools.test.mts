// The interactive tools of the guides, in Chromium against the production build: the signed URL
// generator, the traffic policy planner and the path pattern tester.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {generateKeyPairSync, verify} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {AxeBuilder} from '@axe-core/playwright';
import type {Locator, Page, Request} from 'playwright-core';
import {gotoHydrated, suiteBrowser, siteUrl, waitForHtmlAttribute, withPage} from '../support/site.mts';

const SIGNING_PAGE = '/Guides/Signed URLs/Generating Signatures';
const POLICIES_PAGE = '/Guides/Traffic Management/Traffic Policies';
const BEHAVIORS_PAGE = '/Guides/Behaviors/Behaviors Overview';

const vectors: {
  private_key_pem: string;
  public_key_pem: string;
  kid: string;
  exp: number;
  cases: {name: string; url: string; ip: string | null; path: string | null; canonical: string; signed_url: string}[];
} = JSON.parse(readFileSync(new URL('../../docs/Guides/Signed URLs/test-vectors.json', import.meta.url), 'utf8'));

const browser = suiteBrowser();

function generator(page: Page) {
  const form = page.locator('form', {has: page.getByRole('button', {name: 'Sign URL'})});
  return {
    form,
    key: form.getByLabel('Private key'),
    url: form.getByLabel('URL to sign'),
    kid: form.getByLabel('Key ID (kid)'),
    absolute: form.getByLabel('At a Unix time'),
    relative: form.getByLabel('Seconds from now'),
    exp: form.getByLabel('Unix time, in seconds'),
    ttl: form.getByLabel('Lifetime, in seconds'),
    ip: form.getByLabel('Client IP address or CIDR range (optional)'),
    path: form.getByLabel('Path prefix scope (optional)'),
    sign: form.getByRole('button', {name: 'Sign URL'}),
    status: form.getByRole('status').first(),
    signedUrl: form.getByTestId('signed-url'),
    canonical: form.locator('pre').first(),
  };
}

/** The text of the element(s) an input's aria-describedby points at. */
async function description(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(' ');
}

test('the signed URL generator reproduces every published test vector', async () => {
  await withPage(browser, {}, async ({page, errors}) => {
    await gotoHydrated(page, SIGNING_PAGE);
    const g = generator(page);
    for (const vector of vectors.cases) {
      await g.key.fill(vectors.private_key_pem);
      await g.url.fill(vector.url);
      await g.kid.fill(vectors.kid);
      await g.absolute.check();
      await g.exp.fill(String(vectors.exp));
      await g.ip.fill(vector.ip ?? '');
      await g.path.fill(vector.path ?? '');
      await g.sign.click();
      await g.signedUrl.waitFor();
      assert.equal(await g.signedUrl.innerText(), vector.signed_url, vector.name);
      assert.equal(await g.canonical.innerText(), vector.canonical, vector.name);
      assert.match(await g.status.innerText(), /^Signed\. The URL is valid until 2026-01-01T00:00:00Z/);
      // The next vector must produce its own result, not leave this one on screen.
      await g.url.fill('https://www.example.com/');
      await g.path.fill('');
      await g.sign.click();
      await page.getByText('https://www.example.com/?exp=').waitFor();
    }
    assert.deepEqual(errors, []);
  });
});

test('the private key never leaves the page: no request carries it and nothing stores it', async () => {
  const {privateKey, publicKey} = generateKeyPairSync('ed25519');
  const pem = privateKey.export({type: 'pkcs8', format: 'pem'}).toString();
  const secret = pem.replace(/-----[A-Z ]+-----|\s/g, '');
  const forms = [secret, encodeURIComponent(secret), secret.slice(8, 40), encodeURIComponent(secret.slice(8, 40))];
  await withPage(browser, {}, async ({context, page, errors}) => {
    const requests: Request[] = [];
    context.on('request', (request) => requests.push(request));
    await gotoHydrated(page, SIGNING_PAGE);
    const g = generator(page);
    await g.key.fill('');
    await g.key.pressSequentially(pem);
    await g.kid.fill('media-2026-q1');
    await g.relative.check();
    await g.ttl.fill('3600');
    await g.sign.click();
    await g.signedUrl.waitFor();
    await g.form.getByRole('button', {name: 'Copy signed URL'}).click();
    await page.waitForLoadState('networkidle');

    // The URL it shows is signed with that key: the signature verifies with the public key.
    const signed = new URL(await g.signedUrl.innerText());
    const canonical = await g.canonical.innerText();
    const exp = Number(signed.searchParams.get('exp'));
    assert.ok(exp > Date.now() / 1000 + 3500 && exp <= Date.now() / 1000 + 3600, `exp ${exp} is about one hour ahead`);
    assert.ok(
      verify(null, Buffer.from(canonical), publicKey, Buffer.from(signed.searchParams.get('sig')!, 'base64url')),
    );

    assert.ok(requests.length > 0, 'the page load was recorded');
    for (const request of requests) {
      const seen = [request.url(), JSON.stringify(await request.allHeaders()), request.postData() ?? ''].join('\n');
      for (const form of forms)
        assert.ok(!seen.includes(form), `request ${request.method()} ${request.url()} carries the key`);
    }
    assert.ok(!forms.some((form) => page.url().includes(form)), 'the key is not in the address');
    const state = await context.storageState();
    assert.ok(!forms.some((form) => JSON.stringify(state).includes(form)), 'the key is not in cookies or localStorage');
    const session = await page.evaluate(() => JSON.stringify(Object.entries(window.sessionStorage)));
    const local = await page.evaluate(() => JSON.stringify(Object.entries(window.localStorage)));
    assert.ok(!forms.some((form) => session.includes(form) || local.includes(form)), 'the key is not in web storage');
    assert.deepEqual(errors, []);
  });
});

test('invalid input gets a message next to each field and keeps what the reader typed', async () => {
  await withPage(browser, {}, async ({page, errors}) => {
    await gotoHydrated(page, SIGNING_PAGE);
    const g = generator(page);
    await g.key.fill('');
    await g.url.fill('www.example.com/downloads/file.zip');
    await g.exp.fill('tomorrow');
    await g.ip.fill('203.0.113.300');
    await g.sign.click();
    await page.getByText('Not signed: 4 fields need attention.').waitFor();
    assert.match(await description(g.key), /Paste the Ed25519 private key/);
    assert.match(await description(g.url), /absolute URL that starts with http:\/\/ or https:\/\//);
    assert.match(await description(g.exp), /whole number of seconds/);
    assert.match(await description(g.ip), /"203\.0\.113\.300" is not one/);
    assert.equal(await g.url.getAttribute('aria-invalid'), 'true');
    assert.equal(await g.url.inputValue(), 'www.example.com/downloads/file.zip');
    assert.equal(await g.exp.inputValue(), 'tomorrow');
    assert.equal(await g.ip.inputValue(), '203.0.113.300');
    assert.equal(await g.signedUrl.count(), 0);

    // A public key pasted by mistake is named as such.
    await g.key.fill(vectors.public_key_pem);
    await g.url.fill(vectors.cases[0].url);
    await g.exp.fill(String(vectors.exp));
    await g.ip.fill('');
    await g.sign.click();
    await page.getByText('Not signed: one field needs attention.').waitFor();
    assert.match(await description(g.key), /This is a public key/);
    assert.deepEqual(errors, []);
  });
});

test('without JavaScript the generator page explains itself and shows the canonical string of the first vector', async () => {
  await withPage(browser, {javaScriptEnabled: false}, async ({page}) => {
    await page.goto(siteUrl(SIGNING_PAGE));
    const g = generator(page);
    assert.match(await g.status.innerText(), /needs JavaScript/);
    assert.equal(await g.canonical.innerText(), vectors.cases[0].canonical);
    assert.equal(await g.key.inputValue(), vectors.private_key_pem.trim());
    assert.ok(await g.sign.isDisabled());
  });
});

function planner(page: Page) {
  const root = page.locator('section', {has: page.getByText('Traffic policy planner', {exact: true})});
  return {
    root,
    country: root.getByLabel('Country (ISO 3166-1 alpha-2)', {exact: true}),
    subdivision: root.getByLabel('Subdivision (ISO 3166-2, optional)'),
    asn: root.getByLabel('ASN (optional)'),
    result: root.getByTestId('planner-result'),
    body: root.getByTestId('request-body'),
    problems: root.getByTestId('body-check'),
  };
}

async function resultText(p: ReturnType<typeof planner>) {
  return (await p.result.innerText()).replace(/\s+/g, ' ');
}

test('the planner shows which policy answers a query, why, and the provider shares', async () => {
  await withPage(browser, {}, async ({page, errors}) => {
    await gotoHydrated(page, POLICIES_PAGE);
    const p = planner(page);
    assert.match(
      await resultText(p),
      /country DE \(Europe\), subdivision DE-BY, ASN 3320 gets the policy Telekom DE \(priority 4, ASN\)/,
    );
    assert.match(await resultText(p), /Fastly: 100%.*Amazon CloudFront: 0% \(Backup/);

    await p.asn.fill('6805');
    assert.match(await resultText(p), /gets the policy Bavaria \(priority 3, subdivision\)/);
    assert.match(await resultText(p), /Amazon CloudFront: 70%.*Fastly: 30%/);
    const why = p.root.getByRole('table', {name: /Why/});
    assert.match(
      await why.getByRole('row', {name: /Telekom DE/}).innerText(),
      /No\s+Country DE is in DE\. ASN 6805 is not in 3320\./,
    );

    await p.subdivision.fill('');
    await p.asn.fill('');
    await p.country.fill('FR');
    assert.match(await resultText(p), /gets the policy Europe \(priority 1, continent\)/);
    // CloudFront 48 ms against Fastly 40 ms + 15 ms penalty.
    assert.match(
      await resultText(p),
      /Amazon CloudFront: 100%.*Fastly: 0% \(40 ms measured \+ 15 ms penalty = 55 ms\.\)/,
    );

    await p.country.fill('JP');
    assert.match(await resultText(p), /gets the policy Default \(priority 0, world\)/);
    assert.match(await resultText(p), /Amazon CloudFront: 60%.*Fastly: 40%/);
    await p.root.getByLabel('Fastly is down').check();
    assert.match(await resultText(p), /Amazon CloudFront: 100%.*Fastly: 0% \(Down: failover removed it\.\)/);
    assert.match(await p.root.locator('[aria-hidden="true"]').last().innerText(), /Amazon CloudFront 100%/);

    await p.country.fill('XX');
    assert.match(await description(p.country), /"XX" is not one/);
    assert.equal(await p.country.inputValue(), 'XX');
    assert.match(await resultText(p), /Correct the query/);
    assert.deepEqual(errors, []);
  });
});

test('the planner shows the edited policy as a valid request body, and explains why an invalid one is refused', async () => {
  await withPage(browser, {}, async ({page, errors}) => {
    await gotoHydrated(page, POLICIES_PAGE);
    const p = planner(page);
    // The same body as the Telekom DE example of "Creating a Traffic Policy".
    assert.deepEqual(JSON.parse(await p.body.innerText()), {
      name: 'Telekom DE',
      kind: 'static',
      scope: {countries: ['DE'], asns: [3320]},
      providers: [
        {service_provider_id: '8f4a2d6c-1e9b-4c7a-b3d5-0e6f8a2c4b97', eligible: true, weight: 100},
        {service_provider_id: '2c7e9a41-8b3d-4f6e-a1c5-9d0b7e3f2a18', eligible: true, weight: 0},
      ],
      failover: {enabled: true, health_check_ids: ['4e2b8d6f-9a1c-4e3b-8d7f-2c5a9e1b6d40']},
    });

    await p.root.getByLabel('Weight of Fastly, in percent').fill('90');
    await p.root.getByText(/add up to 90/).waitFor();
    assert.match(await p.problems.innerText(), /add up to 90; they must add up to 100/);
    assert.equal(await p.body.count(), 0);
    await p.root.getByLabel('Weight of Fastly, in percent').fill('1OO');
    assert.match(await p.problems.innerText(), /providers\[0\]\.weight: must be a whole number/);
    await p.root.getByLabel('Weight of Fastly, in percent').fill('100');
    await p.root.getByLabel('Countries (ISO 3166-1 alpha-2)').fill('de');
    assert.match(await p.problems.innerText(), /scope\.countries\[0\]: does not have the expected form/);
    assert.equal(await p.root.getByLabel('Countries (ISO 3166-1 alpha-2)').inputValue(), 'de');
    await p.root.getByLabel('Countries (ISO 3166-1 alpha-2)').fill('AT');
    await p.body.waitFor();
    assert.deepEqual(JSON.parse(await p.body.innerText()).scope, {countries: ['AT'], asns: [3320]});

    // A new policy with an empty scope is refused, as the API does.
    await p.root.getByRole('button', {name: 'Add a policy'}).click();
    assert.match(await p.problems.innerText(), /Only the default policy covers the whole world/);
    await p.root.getByLabel('Europe (EU)').check();
    assert.match(
      await p.problems.innerText(),
      /same queries as "Europe" at the same priority \(continent\); the API refuses it with 409/,
    );
    await p.root.getByRole('button', {name: 'Edit Default'}).click();
    assert.match(await p.root.getByText('Update a traffic policy for Default').innerText(), /PUT/);
    assert.deepEqual(JSON.parse(await p.body.innerText()).scope, {
      continents: [],
      countries: [],
      subdivisions: [],
      asns: [],
    });
    assert.deepEqual(errors, []);
  });
});

test('without JavaScript the planner page shows the worked example: policy, shares and request body', async () => {
  await withPage(browser, {javaScriptEnabled: false}, async ({page}) => {
    await page.goto(siteUrl(POLICIES_PAGE));
    const p = planner(page);
    assert.match(await resultText(p), /gets the policy Telekom DE/);
    assert.match(await resultText(p), /Fastly: 100%/);
    assert.equal(JSON.parse(await p.body.innerText()).name, 'Telekom DE');
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`both tools pass the axe accessibility rules in ${colorScheme} mode`, async () => {
    await withPage(browser, {colorScheme}, async ({page}) => {
      for (const [path, selector] of [
        [SIGNING_PAGE, 'form'],
        [POLICIES_PAGE, 'section'],
      ] as const) {
        await gotoHydrated(page, path);
        await waitForHtmlAttribute(page, 'data-theme', colorScheme);
        if (path === SIGNING_PAGE) {
          const g = generator(page);
          await g.ip.fill('not an address');
          await g.sign.click();
          await page.getByText('Not signed: one field needs attention.').waitFor();
        } else {
          await planner(page).root.getByLabel('Weight of Fastly, in percent').fill('90');
        }
        const results = await new AxeBuilder({page}).include(`.markdown ${selector}`).analyze();
        const violations = results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
        assert.deepEqual(violations, [], path);
      }
    });
  });
}

test('the path pattern tester shows which behavior a URL gets', async () => {
  await withPage(browser, {}, async ({page, errors}) => {
    await gotoHydrated(page, BEHAVIORS_PAGE);
    const url = page.getByLabel('Request URL or path');
    await url.fill('https://www.example.com/static/app.css?v=3');
    const verdict = page.locator('output').filter({hasText: 'Path compared'});
    assert.match(
      await verdict.innerText(),
      /Path compared: \/static\/app\.css\. The behavior at position 5 applies: \*\.css/,
    );
    await url.fill('/Images/cat.jpg');
    assert.match(await verdict.innerText(), /No pattern matches, so the default behavior applies/);
    assert.deepEqual(errors, []);
  });
});
