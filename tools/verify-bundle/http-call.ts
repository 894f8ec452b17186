export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/** One HTTP call with a deadline; the body parsed as JSON when it is JSON. */
export async function httpCall(
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown; timeoutMs?: number } = {},
): Promise<HttpAnswer> {
  const headers = { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, text };
}
