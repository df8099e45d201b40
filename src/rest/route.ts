import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { User } from '../store/types';
import type { ParamSpec } from './params';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One REST endpoint: how Zulip parses it and which GraphQL document it runs. The shim holds no
 * rule of its own; `gate` names the policy check Zulip makes before parsing parameters, so that
 * refusals come in Zulip's order.
 */
export interface RestRoute<TResult = any, TVariables = any> {
  method: HttpMethod;
  /**
   * Relative to /api/v1, in Fastify's pattern syntax. A `:name` segment is Zulip's `<int:name>`:
   * digits only (any other segment is an unknown path), handed to `variables` under its name.
   */
  path: string;
  operationId: string;
  summary: string;
  authenticated: boolean;
  gate?: (user: User) => void;
  params: ParamSpec[];
  document: TypedDocumentNode<TResult, TVariables>;
  variables: (params: Record<string, any>) => TVariables;
  /** The success body's data keys. */
  response: (data: TResult) => Record<string, unknown>;
}

/** Typed construction: the document fixes the types of `variables` and `response`. */
export function route<TResult, TVariables>(r: RestRoute<TResult, TVariables>): RestRoute<TResult, TVariables> {
  return r;
}
