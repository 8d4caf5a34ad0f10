import {test} from 'node:test';
import assert from 'node:assert/strict';
import {loadSpec} from '../../src/lib/openapi/load.ts';
import {miniSpec} from './mini-spec.mts';
import {buildReference} from './reference.mts';

test('a webhook is documented on its tag page: headers, body schema, examples and expected answers', () => {
  const withWebhook = (tags = ['Widgets']) =>
    miniSpec((spec) => {
      spec.webhooks = {
        widgetChanged: {
          post: {
            operationId: 'widget_changed',
            summary: 'Widget changed',
            description: 'Sent when a widget changes.',
            tags,
            parameters: [{name: 'X-Signature', in: 'header', required: true, schema: {type: 'string'}}],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: {$ref: '#/components/schemas/Widget'},
                  examples: {Changed: {summary: 'A renamed widget', value: {name: 'Bob'}}},
                },
              },
            },
            responses: {200: {description: 'Accepted.'}, default: {description: 'Retried.'}},
          },
        },
      };
      return spec;
    });
  const files = buildReference(withWebhook());
  const page = files.get('widgets.tag.mdx')!;
  assert.match(page, /^import ApiSchema from '@site\/src\/components\/ApiSchema';$/m);
  assert.match(page, /## Webhooks \{#webhooks\}/);
  assert.match(page, /### Widget changed \{#webhook-widget-changed\}/);
  assert.match(page, /Tributary sends `POST` requests to your endpoint\./);
  assert.match(page, /"name":"X-Signature"/);
  assert.match(page, /<ApiSchema label=\{"Widget changed body"\}/);
  assert.match(page, /\*\*Example: A renamed widget\*\*/);
  assert.match(page, /- `200`: Accepted\.\n- Any other answer: Retried\./);
  // A webhook is not an operation page, and a tag without webhooks keeps its plain page.
  assert.ok(![...files.keys()].some((name) => name.includes('widget-changed')));
  assert.doesNotMatch(buildReference(miniSpec()).get('widgets.tag.mdx')!, /Webhooks|ApiSchema/);
  assert.throws(
    () => buildReference(withWebhook(['Gadgets'])),
    /webhooks\.widgetChanged\.post: must have exactly one tag/,
  );
  // The real spec documents the alert notification on the Alert Channels page.
  const real = buildReference(loadSpec()).get('alert-channels.tag.mdx')!;
  assert.match(real, /### Alert notification \{#webhook-alert-notification\}/);
  assert.match(real, /"name":"X-Tributary-Signature"/);
});
