import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { OperationGate } from '../operations/gates';
import type { ParamSpec } from './params';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = { [keyword: string]: unknown };

/**
 * A refusal the endpoint's operation can give, for the OpenAPI document. Its gate's come from
 * the gate itself (`gate.refusals`); refusals every endpoint of a kind shares (credentials, rate
 * limits, parameter parsing, unknown path segments) are derived from the route's shape.
 */
export interface RouteError {
  status: 400 | 404;
  code: 'BAD_REQUEST' | 'UNAUTHORIZED_PRINCIPAL';
  /** The message, or an instance of it when it names a value. */
  msg: string;
}

/** The success body's data keys: their schemas, and which of them may be absent. */
export interface SuccessData {
  properties: Record<string, JsonSchema>;
  optional?: readonly string[];
}

/**
 * One REST endpoint: how Zulip parses it and which GraphQL document it runs. The shim holds no
 * rule of its own; `gate` is the gate of the operation the document runs (`operation.gate`), which
 * Zulip checks before parsing parameters, so that refusals come in Zulip's order.
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
  /** Longer text for the OpenAPI document, when the summary is not enough. */
  description?: string;
  authenticated: boolean;
  gate?: OperationGate;
  params: ParamSpec[];
  document: TypedDocumentNode<TResult, TVariables>;
  variables: (params: Record<string, any>) => TVariables;
  /** The success body's data keys. */
  response: (data: TResult) => Record<string, unknown>;
  /** What `response` returns, for the OpenAPI document; absent for a bare success. */
  success?: SuccessData;
  /** The operation's refusals after its gate's, in the order they are checked. */
  errors: readonly RouteError[];
}

/** Typed construction: the document fixes the types of `variables` and `response`. */
export function route<TResult, TVariables>(r: RestRoute<TResult, TVariables>): RestRoute<TResult, TVariables> {
  return r;
}
