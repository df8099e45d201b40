import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZulipError } from '../errors';
import type { Services } from '../operations/context';
import { JoinFormRefusal, invitationForJoining, joinWithInvitation } from '../operations/join';
import { joinedPage, linkErrorPage, signUpPage } from './pages';

export interface JoinPagesOptions {
  services: Services;
}

// Pages that may show a key are never cached, framed or sent as a referrer; no script runs.
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function send(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(HEADERS).send(html);
}

function field(body: unknown, name: string): string {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : '';
  return v === undefined || v === null ? '' : String(v);
}

/**
 * GET /join/<key>/: the sign-up form of the organization the link invites to. POST: creates the
 * account (the same operation as the joinWithInvitation mutation) and shows the new API key and
 * the Welcome Bot's messages. A link that cannot be used is a 404 page with Zulip's message; a
 * form that fails validation comes back with the message and the values entered.
 */
export async function joinPages(app: FastifyInstance, options: JoinPagesOptions): Promise<void> {
  const { services } = options;
  await app.register(formbody);

  // A body that cannot be read (too large, not a form): an HTML answer, as for everything here.
  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'unexpected error on a join page');
    const message = status === 500 ? 'Something went wrong on our side. Please try again later.'
      : status === 413 ? 'Request body too large' : 'Malformed request';
    return send(reply, status, linkErrorPage(message));
  });

  function linkError(err: unknown, reply: FastifyReply): FastifyReply {
    if (err instanceof ZulipError) return send(reply, err.httpStatus, linkErrorPage(err.msg));
    throw err;
  }

  app.get<{ Params: { key: string } }>('/join/:key/', async (req, reply) => {
    try {
      const organization = await invitationForJoining(services, req.headers.host, req.params.key);
      return send(reply, 200, signUpPage(organization.name, { email: '', fullName: '', error: null }));
    } catch (err) {
      return linkError(err, reply);
    }
  });

  app.post<{ Params: { key: string } }>('/join/:key/', async (req, reply) => {
    const email = field(req.body, 'email');
    const fullName = field(req.body, 'full_name');
    try {
      const joined = await joinWithInvitation(services, req.headers.host, { key: req.params.key, email, fullName });
      return send(reply, 200, joinedPage({
        organizationName: joined.organization.name,
        organizationUrl: joined.organization.url,
        email: joined.user.email,
        fullName: joined.user.fullName,
        apiKey: joined.apiKey,
        messages: joined.messages,
      }));
    } catch (err) {
      // The link was usable, so the form comes back under its organization's name.
      if (err instanceof JoinFormRefusal) return send(reply, err.httpStatus, signUpPage(err.organizationName, { email, fullName, error: err.msg }));
      return linkError(err, reply);
    }
  });
}
