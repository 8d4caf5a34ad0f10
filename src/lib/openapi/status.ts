// The reason phrase of each HTTP status the API documents (RFC 9110 wording).

export const STATUS_PHRASES: Readonly<Record<string, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The reason phrase of a status (`Created`), '' when the table has none. */
export function statusPhrase(status: number | string): string {
  return STATUS_PHRASES[status] ?? '';
}

/** `201 Created`; a status without a known reason phrase is just its number. */
export function statusLine(status: number | string): string {
  return `${status} ${statusPhrase(status)}`.trim();
}
