// The operator's files in deploy/ (docs/deployment.md, "Containers" and "A release without build
// tools"), held to the portal they deploy: every variable they set is a setting the portal reads,
// every secret arrives as a file through NAME_FILE, the probes use the health routes, the image runs
// Node itself as a non-root user on a read-only root, and nginx overwrites X-Forwarded-For. Neither
// helm nor a container engine runs here, so the files are read as data; the Helm templates are
// parsed with their template actions blanked (docs/deployment.md says what was run and what not).
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { API_BASE, ApiPaths } from '#shared/api/paths.ts';
import { SECRET_SETTINGS } from '#server/config.ts';
import { PORTAL_SETTINGS } from './support/settings.ts';

const read = (file: string) => fs.readFileSync(file, 'utf8');
const LIVE = `${API_BASE}${ApiPaths.health}`;
const READY = `${API_BASE}${ApiPaths.ready}`;
const SECRET_FILE_SETTINGS: string[] = SECRET_SETTINGS.map((name) => `${name}_FILE`);

/** A Helm template as YAML: lines holding only an action go, other actions become a placeholder. */
export function blankTemplate(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^\s*\{\{-?[^}]*-?\}\}\s*$/.test(line))
    .map((line) => line.replace(/\{\{-?.*?-?\}\}/g, 'TEMPLATED'))
    .join('\n');
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  read_only?: boolean;
  environment?: Record<string, string>;
  secrets?: string[];
  command?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }> | string[];
}

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, ComposeService>;
    secrets: Record<string, { file: string }>;
  };
  const { services } = compose;
  const portals = ['portal-1', 'portal-2'].map((name) => services[name]!);

  it('runs two portal instances, PostgreSQL, the migration and nginx', () => {
    expect(Object.keys(services).sort()).toEqual(['migrate', 'nginx', 'portal-1', 'portal-2', 'postgres']);
    for (const portal of [...portals, services.migrate!]) {
      expect(portal.build).toEqual({ context: '..', dockerfile: 'deploy/container/Containerfile' });
      expect(portal.read_only).toBe(true);
    }
    expect(services.migrate!.command).toEqual(['scripts/migrate.ts']);
    expect(portals[0]!.healthcheck!.test!.join(' ')).toContain(`http://127.0.0.1:3000${READY}`);
  });

  it('sets only settings the portal reads, and every secret as a file the service is given', () => {
    for (const portal of portals) {
      const names = Object.keys(portal.environment!);
      expect(names.filter((name) => !PORTAL_SETTINGS.includes(name))).toEqual([]);
      expect(names.filter((name) => (SECRET_SETTINGS as readonly string[]).includes(name))).toEqual([]);
      for (const name of names.filter((n) => SECRET_FILE_SETTINGS.includes(n))) {
        const secret = path.basename(portal.environment![name]!);
        expect(portal.secrets).toContain(secret);
        expect(compose.secrets[secret]!.file).toBe(`./secrets/${secret}`);
      }
    }
  });

  it('believes X-Forwarded-For from nginx alone, which serves the conf.d file of deploy/nginx', () => {
    const nginx = services.nginx!;
    const address = (nginx.networks as Record<string, { ipv4_address: string }>).portal!.ipv4_address;
    for (const portal of portals) expect(portal.environment!.TRUST_PROXY).toBe(address);
    expect(nginx.volumes).toEqual(['./nginx/portal.conf:/etc/nginx/conf.d/default.conf:ro']);
  });
});

describe('deploy/nginx/portal.conf', () => {
  // Its directives, without the comments that explain them.
  const conf = read('deploy/nginx/portal.conf').replace(/#.*$/gm, '');

  it('overwrites X-Forwarded-For with the peer, never appends to it, and passes the scheme and host', () => {
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('proxy_set_header Host $http_host;');
    expect(conf).not.toContain('$proxy_add_x_forwarded_for');
  });

  it("sends every compose instance requests, within the portal's timeouts and document size", () => {
    const upstreams = [...conf.matchAll(/^\s*server (\S+):3000/gm)].map((match) => match[1]);
    expect(upstreams).toEqual(['portal-1', 'portal-2']);
    expect(conf).toMatch(/client_header_timeout 30s;/);
    expect(conf).toMatch(/client_body_timeout 30s;/);
    const bodyMegabytes = Number(/client_max_body_size (\d+)m;/.exec(conf)![1]);
    expect(bodyMegabytes * 1024 * 1024).toBeGreaterThan(20 * 1024 * 1024);
  });
});

describe('deploy/container/Containerfile', () => {
  const containerfile = read('deploy/container/Containerfile');
  const stages = containerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1]!;

  it('builds in stages and runs only production dependencies, as a numeric non-root user', () => {
    expect(stages.map((stage) => stage.split('\n')[0])).toEqual(['${BUILD_IMAGE} AS build', '${BUILD_IMAGE} AS production-dependencies', '${RUNTIME_IMAGE}']);
    expect(stages[1]).toContain('RUN npm ci --omit=dev');
    expect(runtime).toContain('COPY --from=production-dependencies /build/node_modules ./node_modules');
    expect(runtime).toContain('COPY --from=build /build/dist ./dist');
    expect(runtime).toMatch(/^USER 10001:10001$/m);
  });

  it('starts Node itself on the release entry, so SIGTERM reaches the portal', () => {
    expect(runtime).toContain('ENTRYPOINT ["/app/node_modules/.bin/node"]');
    expect(runtime).toContain('CMD ["scripts/serve.ts"]');
    expect(runtime).toContain('DATA_DIR=/var/lib/suap-portal/data');
  });
});

describe('deploy/helm/suap-portal', () => {
  const chartDir = 'deploy/helm/suap-portal';
  const chart = parse(read(`${chartDir}/Chart.yaml`)) as { apiVersion: string; name: string; version: string; appVersion: string };
  const values = parse(read(`${chartDir}/values.yaml`)) as {
    env: Record<string, string>;
    secrets: { files: Record<string, string>; mountPath: string };
    probes: Record<'startup' | 'liveness' | 'readiness', { path: string }>;
    podSecurityContext: { runAsNonRoot: boolean; runAsUser: number };
    securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
  };
  const templates = fs
    .readdirSync(`${chartDir}/templates`)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => {
      const documents = parseAllDocuments(blankTemplate(read(`${chartDir}/templates/${file}`)));
      return {
        file,
        documents,
        object: documents[0]!.toJS() as { apiVersion: string; kind: string; metadata: { annotations?: Record<string, string> }; spec: any },
      };
    });
  const byKind = (kind: string) => templates.find((template) => template.object.kind === kind)!.object;
  const helpers = read(`${chartDir}/templates/_helpers.tpl`);

  it('is a Helm 3 chart whose templates are one Kubernetes object each', () => {
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'suap-portal' });
    expect(chart.version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const { file, documents } of templates) {
      expect(documents.map((document) => document.errors.map((error) => `${file}: ${error.message}`)).flat()).toEqual([]);
      expect(documents).toHaveLength(1);
    }
    expect(templates.map((template) => template.object.kind).sort()).toEqual([
      'Deployment',
      'HorizontalPodAutoscaler',
      'Ingress',
      'Job',
      'PodDisruptionBudget',
      'Service',
    ]);
  });

  it('probes start-up and liveness on the live route, readiness on the ready one', () => {
    expect(values.probes).toMatchObject({ startup: { path: LIVE }, liveness: { path: LIVE }, readiness: { path: READY } });
    const container = byKind('Deployment').spec.template.spec.containers[0];
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(container[probe].httpGet).toEqual({ path: 'TEMPLATED', port: 'http' });
  });

  it('migrates in a job before each install and upgrade', () => {
    const job = byKind('Job');
    expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade' });
    expect(job.spec.template.spec.containers[0].args).toEqual(['scripts/migrate.ts']);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
  });

  it('passes settings the portal reads, and secrets only as files from the mounted Secret', () => {
    const helperNames = [...helpers.matchAll(/^- name: ([A-Z_]+)$/gm)].map((match) => match[1]!);
    const names = [...helperNames, ...Object.keys(values.env), ...Object.keys(values.secrets.files).map((name) => `${name}_FILE`)];
    expect(names.filter((name) => !PORTAL_SETTINGS.includes(name))).toEqual([]);
    expect(Object.keys(values.secrets.files).sort()).toEqual([...SECRET_SETTINGS].sort());
    expect(Object.keys(values.env).filter((name) => (SECRET_SETTINGS as readonly string[]).includes(name))).toEqual([]);
    expect(helpers).toContain('value: {{ printf "%s/%s" $.Values.secrets.mountPath $key | quote }}');
  });

  it('runs as the image user, on a read-only root, without privileges', () => {
    expect(values.podSecurityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(values.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(helpers).toContain('mountPath: /var/lib/suap-portal\n');
    expect(helpers).toContain('mountPath: /tmp\n');
  });

  it('blanks a template action into YAML, dropping the lines that hold only an action', () => {
    const source = 'a:\n  {{- if .Values.x }}\n  b: {{ .Values.b | quote }}\n  {{- end }}\n  c: [x, {{ .Values.c }}]\n';
    expect(parse(blankTemplate(source))).toEqual({ a: { b: 'TEMPLATED', c: ['x', 'TEMPLATED'] } });
  });
});

describe('deploy/systemd/suap-portal.service', () => {
  const unit = read('deploy/systemd/suap-portal.service');
  const directives = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((match) => match[1]!);

  it('runs Node itself on the release entry, with the settings of its environment file', () => {
    expect(directives('ExecStart')).toEqual(['/opt/suap-portal/node_modules/.bin/node scripts/serve.ts']);
    expect(directives('EnvironmentFile')).toEqual(['/etc/suap-portal/portal.env']);
    const names = [...unit.matchAll(/^#?Environment=([A-Z_]+)=/gm)].map((match) => match[1]!);
    expect(names.filter((name) => !PORTAL_SETTINGS.includes(name))).toEqual([]);
    expect(names.filter((name) => name.endsWith('_FILE')).sort()).toEqual([...SECRET_FILE_SETTINGS].sort());
  });

  it('keeps the portal to its data folder, without privileges, and leaves the JIT its writable code', () => {
    expect(directives('User')).toEqual(['suap']);
    expect(directives('StateDirectoryMode')).toEqual(['0700']);
    for (const hardening of ['NoNewPrivileges', 'ProtectHome', 'PrivateTmp', 'PrivateDevices', 'RestrictSUIDSGID', 'LockPersonality'])
      expect(directives(hardening)).toEqual(['yes']);
    expect(directives('ProtectSystem')).toEqual(['strict']);
    expect(directives('CapabilityBoundingSet')).toEqual(['']);
    expect(directives('MemoryDenyWriteExecute')).toEqual([]);
  });
});
