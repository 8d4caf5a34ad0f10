/** What an operation page tells the explorer (written by scripts/api-reference/operation-page.mts). */
export interface ExplorerOperation {
  method: string;
  /** Path template, such as `/services/{service_id}/`. */
  path: string;
  servers: {url: string; description: string}[];
  parameters: {name: string; in: 'path' | 'query' | 'header'; required: boolean; example: string}[];
  /** The chosen request example as pretty JSON, when the operation takes a body. */
  body?: string;
  /** A DELETE or a purge: sending it to a server other than a sandbox needs a confirmation. */
  destructive?: boolean;
  /** The body's media type when it is not `application/json`, such as `application/merge-patch+json`. */
  contentType?: string;
}
