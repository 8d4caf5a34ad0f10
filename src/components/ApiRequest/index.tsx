import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';

export interface ApiRequestProps {
  /** operationId in the OpenAPI file; the build checks it exists. */
  operation: string;
  /** Added at build time by plugins/api-request from the OpenAPI file. */
  page?: string;
  /** Added at build time for a response without a body, e.g. `204 No Content`. */
  emptyStatus?: string;
  /** The request (and response) code blocks, written by plugins/api-request at build time. */
  children?: ReactNode;
}

/** An API call in a guide: the curl request and the response, both validated against the OpenAPI file at build time. */
export default function ApiRequest({operation, page, emptyStatus, children}: ApiRequestProps): ReactNode {
  if (!page) {
    throw new Error(`<ApiRequest operation="${operation}"> was not resolved: is plugins/api-request enabled?`);
  }
  return (
    <div className="margin-bottom--md">
      {children}
      {emptyStatus && <p>The API answers {emptyStatus} with an empty body.</p>}
      <p>
        Reference: <Link to={page}>{operation}</Link>
      </p>
    </div>
  );
}
