import type { FastifyReply } from 'fastify';
import { ZulipError } from '../errors';

// Zulip's bodies: {"result","msg",...data} serialized with a trailing newline.

export function sendJson(reply: FastifyReply, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): FastifyReply {
  // Already answered: the request timed out while the work went on.
  if (reply.sent) return reply;
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(status).type('application/json').send(`${JSON.stringify(body)}\n`);
}

export function sendSuccess(reply: FastifyReply, data: Record<string, unknown>, ignored: readonly string[] = []): FastifyReply {
  const body: Record<string, unknown> = { result: 'success', msg: '', ...data };
  if (ignored.length > 0) body.ignored_parameters_unsupported = ignored;
  return sendJson(reply, 200, body);
}

export function sendError(reply: FastifyReply, err: ZulipError): FastifyReply {
  return sendJson(reply, err.httpStatus, { result: 'error', msg: err.msg, code: err.code, ...err.data }, err.headers);
}

export function sendInternalError(reply: FastifyReply): FastifyReply {
  return sendJson(reply, 500, { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' });
}

/** An unknown path, or a path segment Zulip's URL patterns would not match. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendJson(reply, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
}
