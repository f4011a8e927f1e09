// Portal instances sharing one PostgreSQL database behind nginx (Debian's nginx-light), as the
// scale-out test runs them, for the journey under load. Upstream connections are kept alive, as a
// production proxy is configured: otherwise every call would pay a new TCP connection to a portal.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/server.ts';
import { startPortal, type Started } from './processes.ts';

export const nginxPath = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => spawnSync('test', ['-x', p]).status === 0);

export interface Cluster {
  /** nginx's address: the portal's public URL. */
  publicUrl: string;
  instances: Started[];
  stop(): Promise<void>;
}

export async function startCluster(databaseUrl: string, instances: number): Promise<Cluster> {
  if (!nginxPath) throw new Error('The journey under load needs nginx: apt-get install nginx-light');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'suap-bench-cluster-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // One after the other (each migrates on start); they share the data folder, where the embedded
  // provider keeps its signing key, and the database, where it keeps its sessions and codes.
  const started: Started[] = [];
  for (let i = 0; i < instances; i++) {
    started.push(
      await startPortal(databaseUrl, {
        IPA_CODE: 'suap_bench',
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'loopback',
        DATA_DIR: path.join(os.tmpdir(), 'suap-bench-data'),
      }),
    );
  }
  const upstreams = started.map((s) => `server ${new URL(s.origin).host};`).join('\n    ');
  await fs.writeFile(
    path.join(work, 'nginx.conf'),
    `daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log;
worker_processes 1;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  upstream portal {
    ${upstreams}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const proxy = spawn(nginxPath, ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'ignore' });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${publicUrl}/api/health/ready`)).ok) break;
    } catch {
      if (attempt > 100 || proxy.exitCode !== null)
        throw new Error(`nginx did not start: ${await fs.readFile(path.join(work, 'error.log'), 'utf8').catch(() => '')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    publicUrl,
    instances: started,
    stop: async () => {
      if (proxy.exitCode === null) {
        const exited = new Promise((resolve) => proxy.once('exit', resolve));
        proxy.kill('SIGTERM');
        await exited;
      }
      await Promise.all(started.map((s) => s.stop()));
      await fs.rm(work, { recursive: true, force: true });
    },
  };
}
