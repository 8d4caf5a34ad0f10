export function curlCommand(request: {method: string; url: string; body?: unknown}): string;
export function statusLine(status: number): string;
