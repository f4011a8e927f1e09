// The references benchmarks are compared with: bare Fastify routes doing the least the same job
// needs — a tiny JSON answer, a static PDF of the same size, one UPDATE through pg.
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

const pdfFile = process.env.BARE_PDF_FILE;
if (pdfFile) {
  const pdf = fs.readFileSync(pdfFile);
  app.get('/pdf', (_request, reply) => reply.type('application/pdf').send(pdf));
}

const databaseUrl = process.env.BARE_DATABASE_URL;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  app.put<{ Params: { id: string }; Body: unknown }>('/update/:id', async (request) => {
    await pool.query('UPDATE requests SET personal_data = $1, updated_on = now(), version = version + 1 WHERE request_id = $2', [JSON.stringify(request.body), Number(request.params.id)]);
    return { code: 200 };
  });
  app.addHook('onClose', () => pool.end());
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
