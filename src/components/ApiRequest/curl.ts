/** Builds the curl command an <ApiRequest> shows. Pure, so it is unit-tested. */
export function curlCommand({method, url, body}: {method: string; url: string; body?: unknown}): string {
  const lines = [`curl --request ${method} '${url}'`, `  --header "Authorization: Bearer $TRIBUTARY_TOKEN"`];
  if (body !== undefined) {
    lines.push(`  --header 'Content-Type: application/json'`);
    const json = JSON.stringify(body, null, 2).replaceAll("'", "'\\''");
    lines.push(`  --data '${json}'`);
  }
  return lines.join(' \\\n');
}

export const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
};
