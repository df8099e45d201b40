import { ApolloServer } from '@apollo/server';
import fastifyApollo from '@as-integrations/fastify';
import Fastify from 'fastify';

// The baseline: Apollo Server on Fastify through the same integration, answering a constant
// mutation, with nothing of ours (no context, authentication, TypeGraphQL or logging).

async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  const apollo = new ApolloServer({
    typeDefs: 'type Query { ok: Boolean } type Mutation { ping: Int }',
    resolvers: { Query: { ok: () => true }, Mutation: { ping: () => 1 } },
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), { path: '/graphql' });
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
