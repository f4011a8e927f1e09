// The authenticated hand-written reference of `npm run bench` (docs/performance.md): node:http serving the
// essential work of each benchmarked call (handlers.ts) and nothing else — no framework. The
// portal's figures divided by these say what our code costs on top of the work.
//
// Environment: as handlers.ts, and PORT.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Refusal } from './auth.ts';
import { closePool, deskList, recap, refused, saveStep, type Answer, type Call } from './handlers.ts';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

async function route(request: IncomingMessage): Promise<Answer> {
  const [path = '', search = ''] = (request.url ?? '').split('?');
  const call: Call = { headers: request.headers, query: new URLSearchParams(search), body: async () => JSON.parse(await readBody(request)) };
  let match;
  if (request.method === 'GET' && path === '/api/suap/v1/backoffice/list') return deskList(call);
  if (request.method === 'PUT' && (match = /^\/api\/suap\/v1\/request\/(\d+)$/.exec(path))) return saveStep(call, Number(match[1]));
  if (request.method === 'GET' && (match = /^\/api\/suap\/v1\/request\/getPdfRecap\/(\d+)$/.exec(path))) return recap(call, Number(match[1]));
  throw new Refusal(404);
}

const write = (response: ServerResponse, answer: Answer) => void response.writeHead(answer.status, answer.headers).end(answer.payload);

const server = http.createServer({ keepAliveTimeout: 72_000 }, (request, response) => {
  if (request.url === '/ready') return void response.writeHead(200).end();
  route(request).then(
    (answer) => write(response, answer),
    (error: unknown) => write(response, refused(error)),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void closePool().then(() => process.exit(0));
});
