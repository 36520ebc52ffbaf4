import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './api-server';

// Component tests answer the API through msw handlers; an unexpected call is an error.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  apiServer.resetHandlers();
  apiServer.events.removeAllListeners();
});
afterAll(() => apiServer.close());
