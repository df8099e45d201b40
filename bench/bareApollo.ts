import { ApolloServer } from '@apollo/server';
import fastifyApollo from '@as-integrations/fastify';
import Fastify from 'fastify';
import mysql from 'mysql2/promise';

// The baseline: Apollo Server on Fastify through the same integration, answering a constant
// mutation, with nothing of ours (no context, authentication, TypeGraphQL or logging).
// With BARE_LOOKUP ({ url, sql, bindings }), the mutation first runs that one statement (the
// gateway's authentication lookup) through a plain mysql2 pool of 10 as a prepared statement:
// the like-for-like baseline for a query that must authenticate.

interface Lookup {
  url: string;
  sql: string;
  bindings: unknown[];
}

async function main(): Promise<void> {
  const lookup = process.env.BARE_LOOKUP ? JSON.parse(process.env.BARE_LOOKUP) as Lookup : null;
  const pool = lookup ? mysql.createPool({ uri: lookup.url, connectionLimit: 10, timezone: 'Z' }) : null;
  const app = Fastify({ logger: false });
  const apollo = new ApolloServer({
    typeDefs: 'type Query { ok: Boolean } type Mutation { ping: Int }',
    resolvers: {
      Query: { ok: () => true },
      Mutation: {
        ping: async () => {
          if (pool && lookup) await pool.execute(lookup.sql, lookup.bindings as never[]);
          return 1;
        },
      },
    },
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), { path: '/graphql' });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.on('SIGTERM', () => void app.close().then(() => pool?.end()).then(() => process.exit(0)));
}

void main();
