// The reference's work (handlers.ts) served by a bare Fastify app: its router, its request and
// reply objects, its JSON body parser (with prototype-poisoning checks) and its send path, and no
// hooks, schemas, logging or plugins of ours. Measured beside the reference (node:http) and the
// portal, it splits what the portal costs on top of the reference into the framework's part and
// ours (docs/performance.md: "the framework's cost").
//
// Environment: as handlers.ts, and PORT.
import Fastify, { type FastifyReply } from 'fastify';
import { closePool, deskList, recap, refused, saveStep, type Answer } from './handlers.ts';

const app = Fastify({ logger: false });
const write = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).headers(answer.headers).send(answer.payload);
const query = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

app.get('/ready', async () => ({}));
app.get('/api/suap/v1/backoffice/list', (request, reply) =>
  deskList({ headers: request.headers, query: query(request.url), body: async () => null }).then(
    (a) => write(reply, a),
    (e: unknown) => write(reply, refused(e)),
  ),
);
app.put<{ Params: { id: string } }>('/api/suap/v1/request/:id', (request, reply) =>
  saveStep({ headers: request.headers, query: query(request.url), body: async () => request.body }, Number(request.params.id)).then(
    (a) => write(reply, a),
    (e: unknown) => write(reply, refused(e)),
  ),
);
app.get<{ Params: { id: string } }>('/api/suap/v1/request/getPdfRecap/:id', (request, reply) =>
  recap({ headers: request.headers, query: query(request.url), body: async () => null }, Number(request.params.id)).then(
    (a) => write(reply, a),
    (e: unknown) => write(reply, refused(e)),
  ),
);

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(closePool)
      .then(() => process.exit(0)),
);
