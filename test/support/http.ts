import http from 'node:http';
import { GraphQLClient } from 'graphql-request';
import type { Gateway } from './gateway';
import { USERS, type Handle } from './world';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export type Who = Handle | { email: string; apiKey: string } | null;

export function basicAuth(g: Gateway, who: Who): Record<string, string> {
  if (who === null) return {};
  const cred = typeof who === 'string' ? { email: USERS[who].email, apiKey: g.keys[who] } : who;
  return { authorization: `Basic ${Buffer.from(`${cred.email}:${cred.apiKey}`).toString('base64')}` };
}

/** Arrays, booleans, numbers and null are JSON-encoded into one value, as Zulip clients send them. */
export function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return out;
}

export async function request(g: Gateway, method: string, path: string, opts: {
  who?: Who; form?: Record<string, unknown>; query?: Record<string, unknown>; body?: string | Buffer; headers?: Record<string, string>;
} = {}): Promise<HttpResult> {
  const url = new URL(path, g.base);
  if (opts.query) url.search = encodeParams(opts.query).toString();
  const headers: Record<string, string> = { ...basicAuth(g, opts.who ?? null), ...opts.headers };
  let body: string | Buffer | undefined = opts.body;
  if (opts.form) {
    body = encodeParams(opts.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch { /* not JSON */ }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** A POST (or other method) with an urlencoded body. */
export function post(g: Gateway, who: Who, path: string, form: Record<string, unknown> = {}, method = 'POST'): Promise<HttpResult> {
  return request(g, method, path, { who, form });
}

/** A real GraphQL client for the gateway, with the caller's Basic credentials. */
export function graphqlClient(g: Gateway, who: Who): GraphQLClient {
  return new GraphQLClient(`${g.base}/graphql`, { headers: basicAuth(g, who) });
}

/** The first GraphQL error of a failing request, as { message, code }. */
export async function graphqlError(promise: Promise<unknown>): Promise<{ message: string; code: unknown; status: number }> {
  try {
    await promise;
  } catch (err: any) {
    const e = err?.response?.errors?.[0];
    if (e) return { message: e.message, code: e.extensions?.code, status: err.response.status };
    throw err;
  }
  throw new Error('expected a GraphQL error, got data');
}

/**
 * fetch with a chosen Host header, which fetch itself refuses to set: pages and operations that
 * pick the organization by the address a request was sent to.
 */
export function fetchAtHost(host: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init.headers).entries()), host };
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      const req = http.request(url, { method: init.method ?? 'GET', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve(new Response(res.statusCode === 204 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: h }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }) as typeof fetch;
}

/** A GraphQL client whose requests name `host` as the address they were sent to. */
export function graphqlClientAt(g: Gateway, who: Who, host: string): GraphQLClient {
  return new GraphQLClient(`${g.base}/graphql`, { headers: basicAuth(g, who), fetch: fetchAtHost(host) });
}
