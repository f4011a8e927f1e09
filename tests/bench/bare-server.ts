// The bare reference of the master-data suite: a Fastify route answering a tiny JSON with no other
// work. (Authenticated, database-backed calls are compared with tests/bench/reference instead.)
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
