import { RestRegenerateApiKeyDocument } from '../../generated/graphql';
import { route, type RestRoute } from '../route';

export const API_KEY_ROUTES: RestRoute[] = [
  route({
    method: 'POST',
    path: '/users/me/api_key/regenerate',
    operationId: 'regenerate-api-key',
    summary: 'Replace the caller\'s API key; removes the caller\'s push devices.',
    authenticated: true,
    params: [],
    document: RestRegenerateApiKeyDocument,
    variables: () => ({}),
    response: (d) => ({ api_key: d.regenerateApiKey.apiKey }),
    success: { properties: { api_key: { type: 'string', pattern: '^[A-Za-z0-9]{32}$', description: 'The new API key.' } } },
    errors: [],
  }),
];
