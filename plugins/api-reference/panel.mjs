// The request/response panel of an operation page (src/components/ApiPanel): the code samples of
// each named request example (highlighted at build time like every code block), every response
// example, and the data its pickers and Try it need.
import {codeFence, jsxProp} from './markdown.mjs';
import {codeSamples} from '../../src/lib/openapi/index.ts';

export const PANEL_IMPORTS = [
  "import ApiPanel, {ApiPanelRequest, ApiPanelResponse} from '@site/src/components/ApiPanel';",
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
];

/** The sample tabs of one call; every set shares the groupId, so the reader's language is remembered. */
function sampleTabs(call) {
  return [
    '<Tabs groupId="api-code-sample">',
    ...codeSamples(call).map(
      (sample) =>
        `<TabItem value="${sample.value}" label="${sample.label}">\n\n${codeFence(sample.highlight, sample.code)}\n\n</TabItem>`,
    ),
    '</Tabs>',
  ].join('\n\n');
}

/** `201-created`: a key unique on the page, safe in an HTML attribute. */
const responseKey = (status, name) => `${status}-${name}`.replace(/[^\w-]+/g, '-');

/**
 * @param {object} options
 * @param {{method: string, server: string, path: string, pathParams: object, query: object, contentType?: string}} options.call
 *   the call of the samples, without its body
 * @param {{name: string, summary: string, value: unknown}[]} options.requestExamples named request
 *   bodies ([] when the operation takes no body)
 * @param {{status: string, label: string, examples: {name: string, summary: string, value: unknown}[]}[]} options.responses
 *   the operation's responses in document order
 * @param {object} options.explorer the operation as Try it needs it (src/components/ApiExplorer/types.ts)
 */
export function panelMdx({call, requestExamples, responses, explorer}) {
  const requests = requestExamples.length
    ? requestExamples.map((example) => ({...example, body: JSON.stringify(example.value, null, 2)}))
    : [{name: 'default', summary: 'Request'}];
  const responseExamples = [];
  const responseBlocks = [];
  for (const {status, label, examples} of responses) {
    if (!examples.length) {
      // A success without a body still answers something the reader should see.
      if (!/^2/.test(status)) continue;
      const key = responseKey(status, 'empty');
      responseExamples.push({key, label});
      responseBlocks.push(`<ApiPanelResponse example="${key}">\n\nNo body.\n\n</ApiPanelResponse>`);
      continue;
    }
    for (const example of examples) {
      const key = responseKey(status, example.name);
      responseExamples.push({
        key,
        example: example.name,
        label: examples.length > 1 ? `${label}: ${example.summary}` : label,
      });
      responseBlocks.push(
        `<ApiPanelResponse example="${key}">\n\n${codeFence('json', JSON.stringify(example.value, null, 2))}\n\n</ApiPanelResponse>`,
      );
    }
  }
  const requestBlocks = requests.map(
    (example) =>
      `<ApiPanelRequest example=${jsxProp(example.name)}>\n\n${sampleTabs({...call, body: example.value})}\n\n</ApiPanelRequest>`,
  );
  // JSON leaves out an undefined body, as the component expects for a call without one.
  const panelExamples = requests.map(({name, summary, body}) => ({name, summary, body}));
  return [
    `<ApiPanel requestExamples=${jsxProp(panelExamples)} responseExamples=${jsxProp(responseExamples)} operation=${jsxProp(explorer)}>`,
    ...requestBlocks,
    ...responseBlocks,
    '</ApiPanel>',
  ].join('\n\n');
}
