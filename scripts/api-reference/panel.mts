// The request/response panel of an operation page (src/components/ApiPanel): the code samples of
// each named request example (highlighted at build time like every code block), every response
// example, and the data its pickers and Try it need.
import {codeFence, jsxProp} from './markdown.mts';
import {codeSamples, type CallAddress, type NamedExample} from '../../src/lib/openapi/index.ts';
import type {ExplorerOperation} from '../../src/components/ApiExplorer/types.ts';
import type {PanelRequestExample, PanelResponseExample} from '../../src/components/ApiPanel/index.tsx';

export const PANEL_IMPORTS = [
  "import ApiPanel, {ApiPanelRequest, ApiPanelResponse} from '@site/src/components/ApiPanel';",
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
];

/**
 * The sample tabs of one call; every set shares the groupId, so the reader's language is remembered.
 * Lazy: only the chosen language is in the page's HTML (the others are hidden, so no reader sees them
 * before the scripts run), which keeps the HTML the browser parses and lays out after the first paint
 * small.
 */
function sampleTabs(call: PanelCall & {body?: unknown}): string {
  return [
    '<Tabs groupId="api-code-sample" lazy>',
    ...codeSamples(call).map(
      (sample) =>
        `<TabItem value="${sample.value}" label="${sample.label}">\n\n${codeFence(sample.highlight, sample.code)}\n\n</TabItem>`,
    ),
    '</Tabs>',
  ].join('\n\n');
}

/** `201-created`: a key unique on the page, safe in an HTML attribute. */
const responseKey = (status: string, name: string): string => `${status}-${name}`.replace(/[^\w-]+/g, '-');

/** The call of the samples, without its body. */
export type PanelCall = CallAddress & {method: string; contentType?: string};

/** One response of the operation, in document order, with its examples. */
export interface PanelResponse {
  status: string;
  label: string;
  examples: NamedExample[];
}

export interface PanelOptions {
  call: PanelCall;
  /** Named request bodies ([] when the operation takes no body). */
  requestExamples: NamedExample[];
  responses: PanelResponse[];
  /** The operation as Try it needs it. */
  explorer: ExplorerOperation;
}

export function panelMdx({call, requestExamples, responses, explorer}: PanelOptions): string {
  const requests: (PanelRequestExample & {value?: unknown})[] = requestExamples.length
    ? requestExamples.map((example) => ({...example, body: JSON.stringify(example.value, null, 2)}))
    : [{name: 'default', summary: 'Request'}];
  const responseExamples: PanelResponseExample[] = [];
  const responseBlocks: string[] = [];
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
