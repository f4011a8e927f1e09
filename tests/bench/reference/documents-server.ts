// The storage floor of a document upload (docs/performance.md "Documents"): `node:http` and `pg`
// and nothing else — no framework, no multipart, no authentication, no checks of the draft, the
// requirement or the quotas, no reading of the file's kind or signature. It does only the work no
// upload can skip: the file's bytes arrive as the raw body of POST /upload, the row is inserted as
// 'uploading', the bytes go into attachment_chunk in the portal's chunk size (CHUNK_BYTES), one
// statement each as they fill, with the SHA-256 read along, and the row is updated to 'stored' with
// its size and hash — the same tables of the same database as the portal's store. The portal's
// throughput divided by this one's says what everything else costs.
//
// Environment: REF_DATABASE_URL, PORT. Query: request, owner (the rows' request and user), requirement.
import { createHash } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import pg from 'pg';
import { CHUNK_BYTES } from '#server/services/documents/store.ts';

// The portal's pool size (DATABASE_POOL_SIZE's default).
const pool = new pg.Pool({ connectionString: process.env.REF_DATABASE_URL, max: 20 });

const INSERT_ROW = `INSERT INTO attachment (request_id, requirement_code, file_name, storage_name, mime_type, owner_user_id)
  VALUES ($1, $2, 'bench.pdf', 'bench.pdf', 'application/pdf', $3) RETURNING attachment_id`;
const INSERT_CHUNK = 'INSERT INTO attachment_chunk (attachment_id, seq, data) VALUES ($1, $2, $3)';
const STORED = `UPDATE attachment SET status = 'stored', size = $2, hash = $3, uploaded_on = now() WHERE attachment_id = $1`;

async function store(request: IncomingMessage, query: URLSearchParams): Promise<{ attachmentId: number; size: number; hash: string }> {
  const row = await pool.query<{ attachment_id: string }>({
    name: 'ref-doc-row',
    text: INSERT_ROW,
    values: [Number(query.get('request')), query.get('requirement'), Number(query.get('owner'))],
  });
  const attachmentId = Number(row.rows[0]!.attachment_id);
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  const write = (data: Buffer) => pool.query({ name: 'ref-doc-chunk', text: INSERT_CHUNK, values: [attachmentId, seq++, data] });
  try {
    // The body is read only as fast as the chunks are written: the socket applies the back-pressure.
    for await (const piece of request as AsyncIterable<Buffer>) {
      hash.update(piece);
      size += piece.length;
      pending.push(piece);
      pendingBytes += piece.length;
      if (pendingBytes < CHUNK_BYTES) continue;
      let data = Buffer.concat(pending, pendingBytes);
      for (; data.length >= CHUNK_BYTES; data = data.subarray(CHUNK_BYTES)) await write(data.subarray(0, CHUNK_BYTES));
      pending = data.length > 0 ? [data] : [];
      pendingBytes = data.length;
    }
    if (pendingBytes > 0) await write(Buffer.concat(pending, pendingBytes));
    const digest = hash.digest('hex');
    await pool.query({ name: 'ref-doc-stored', text: STORED, values: [attachmentId, size, digest] });
    return { attachmentId, size, hash: digest };
  } catch (error) {
    await pool.query('DELETE FROM attachment WHERE attachment_id = $1', [attachmentId]);
    throw error;
  }
}

const server = http.createServer({ keepAliveTimeout: 72_000, requestTimeout: 0 }, (request, response) => {
  const [path = '', search = ''] = (request.url ?? '').split('?');
  if (path === '/ready') return void response.writeHead(200).end();
  if (request.method !== 'POST' || path !== '/upload') return void response.writeHead(404).end();
  store(request, new URLSearchParams(search)).then(
    (stored) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stored)),
    (error: unknown) => void response.writeHead(500, { connection: 'close' }).end(String(error)),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
