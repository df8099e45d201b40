// The served process runs in production mode unless NODE_ENV says otherwise: graphql-js then skips
// its development-only check (a constructor-name comparison on every type test of every request).
// main.ts imports this module first, because graphql-js reads NODE_ENV once, when it loads. Apollo
// Server also reads it; server.ts states each of Apollo's defaults that depend on it, so that the
// mode changes nothing else.
process.env.NODE_ENV ??= 'production';
