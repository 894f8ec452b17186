/** Where JSON-RPC calls go and the headers they carry. */
export interface RpcEndpoint {
  url: string;
  headers: Record<string, string>;
}

/**
 * RPC_URL as requests need it. Node's fetch refuses a URL with `user:password@` in it, and
 * ethers would send it as is: the credentials move to an `Authorization: Basic` header (how
 * providers that take them in the URL check them) and the URL keeps neither.
 */
export function rpcEndpoint(rpcUrl: string): RpcEndpoint {
  const url = new URL(rpcUrl);
  if (!url.username && !url.password) return { url: rpcUrl, headers: {} };
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = '';
  url.password = '';
  return { url: url.toString(), headers: { authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` } };
}
