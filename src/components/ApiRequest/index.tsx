import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {curlCommand, STATUS_TEXT} from './curl';

export interface ApiRequestProps {
  /** operationId in the OpenAPI file; the build checks it exists. */
  operation: string;
  /** Added at build time by plugins/api-request from the OpenAPI file. */
  method?: string;
  url?: string;
  page?: string;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  status?: number;
  response?: unknown;
}

/** An API call in a guide: the curl request and the response, both validated against the OpenAPI file at build time. */
export default function ApiRequest({operation, method, url, page, body, status, response}: ApiRequestProps): ReactNode {
  if (!method || !url || !page) {
    throw new Error(`<ApiRequest operation="${operation}"> was not resolved: is plugins/api-request enabled?`);
  }
  const statusLine = status ? `${status} ${STATUS_TEXT[status] ?? ''}`.trim() : undefined;
  return (
    <div className="margin-bottom--md">
      <CodeBlock language="bash" title={`${method} request`}>
        {curlCommand({method, url, body})}
      </CodeBlock>
      {response !== undefined && (
        <CodeBlock language="json" title={`Response: ${statusLine ?? '200 OK'}`}>
          {JSON.stringify(response, null, 2)}
        </CodeBlock>
      )}
      {response === undefined && statusLine && <p>The API answers {statusLine} with an empty body.</p>}
      <p>
        Reference: <Link to={page}>{operation}</Link>
      </p>
    </div>
  );
}
