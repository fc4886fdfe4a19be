import { describe, expect, it } from 'vitest';
import { endpointName } from './endpoint-name';

describe('endpointName', () => {
  it.each<[string, { method?: string | null; url?: string | null } | undefined, string]>([
    // The three names one endpoint had: the routed transaction, the error's raw URL, a path without its method.
    ['GET /api/users/:id', undefined, 'GET /api/users/:id'],
    ['GET /api/users/42', undefined, 'GET /api/users/:id'],
    ['/api/users/42', { method: 'get' }, 'GET /api/users/:id'],
    ['/api/users/42', undefined, '/api/users/:id'],
    ['GET', { url: 'https://api.example/api/users/42?x=1' }, 'GET /api/users/:id'],
    ['get https://api.example/api/users/42?x=1#top', undefined, 'GET /api/users/:id'],
    ['POST /orders/3f2a9c1e-6b7d-4e8f-9a0b-1c2d3e4f5a6b/pay', undefined, 'POST /orders/:id/pay'],
    ['GET /objects/64b7f0c2a1e4d93b2c8f1a07', undefined, 'GET /objects/:id'],
    ['GET /share/aZ3kP9qL2mX8vB7nC4tY1w', undefined, 'GET /share/:id'],
    // Frameworks' parameters, as Express writes them.
    ['GET /users/{user_id}', undefined, 'GET /users/:user_id'],
    ['GET /users/<int:id>/posts', undefined, 'GET /users/:id/posts'],
    ['GET /users/<id>', undefined, 'GET /users/:id'],
    // Words, versions and short hex-looking words stay.
    ['GET /api/v2/users/me', undefined, 'GET /api/v2/users/me'],
    ['GET /cafe/beef', undefined, 'GET /cafe/beef'],
    ['GET /', undefined, 'GET /'],
    ['GET /checkout/', undefined, 'GET /checkout/'],
    // Not a path: a job, a task, a page-load name that is a word; the method alone with nothing to say which.
    ['nightly-backup', { method: 'GET' }, 'nightly-backup'],
    ['tasks.send_email', undefined, 'tasks.send_email'],
    ['GET', undefined, 'GET'],
    ['  GET /api/users/7  ', undefined, 'GET /api/users/:id'],
  ])('%s (%j) → %s', (name, request, want) => expect(endpointName(name, request)).toBe(want));
});
