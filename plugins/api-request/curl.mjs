/** Builds the curl command an <ApiRequest> shows. Pure, so it is unit-tested. */
export function curlCommand({method, url, body, contentType = 'application/json'}) {
  const lines = [`curl --request ${method} '${url}'`, `  --header "Authorization: Bearer $TRIBUTARY_TOKEN"`];
  if (body !== undefined) {
    lines.push(`  --header 'Content-Type: ${contentType}'`);
    const json = JSON.stringify(body, null, 2).replaceAll("'", "'\\''");
    lines.push(`  --data '${json}'`);
  }
  return lines.join(' \\\n');
}

const STATUS_TEXT = {200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content'};

/** `201 Created`; a status without a known reason phrase is just its number. */
export function statusLine(status) {
  return `${status} ${STATUS_TEXT[status] ?? ''}`.trim();
}
