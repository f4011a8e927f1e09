// Uploads a request's required documents over HTTP, for suites and benchmarks that drive a real
// server and send requests: the send refuses a request missing one (409 documents-missing,
// docs/architecture.md "Documents"). Reads the saved request's initiative and business (the upload
// refuses a draft without its initiative), what the initiative asks for from the public requirement list, skips what the request already carries (the shared rule,
// src/shared/document-rules.ts) and uploads one fitting file per missing requirement, signed by the
// applicant where the requirement asks for a signature. In-process suites that test something else
// store them straight into the database instead (tests/server/support/documents.ts).
import type { AttachmentListResponse, RequirementListResponse, Requirement } from '#shared/api/attachments.ts';
import { UPLOAD_FIELDS } from '#shared/api/attachments.ts';
import { API_BASE, apiPath } from '#shared/api/paths.ts';
import type { RequestResponse } from '#shared/api/requests.ts';
import { missingRequirements, type BusinessRole } from '#shared/document-rules.ts';
import { MARIO, makePadesPdf, makeSignedP7m, smallJpeg, smallPdf, smallPng, smallXml, type SignerSpec } from './signing-fixtures.ts';

/** What the helper needs of a fetch: the global one, or undici's with a dispatcher (the benchmarks). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array<ArrayBuffer> },
) => Promise<{ status: number; json(): Promise<unknown>; text(): Promise<string> }>;

export interface UploadOptions {
  /** The origin the API is served under (e.g. http://127.0.0.1:3000); the paths add /api. */
  baseUrl: string;
  /** The citizen's front-office access token. */
  token: string;
  /** Who signs the signed documents: the applicant (Mario Rossi unless told). */
  signer?: SignerSpec;
  fetch?: FetchLike;
}

const defaultFetch: FetchLike = (url, init) => fetch(url, init);

/** One file per kind, made once per signer: signing costs a key's worth of CPU on a busy machine. */
const files = new Map<string, Promise<{ name: string; bytes: Uint8Array }>>();

function fileFor(requirement: Requirement, signer: SignerSpec): Promise<{ name: string; bytes: Uint8Array }> {
  const accepts = (type: string) => (requirement.acceptedTypes as readonly string[]).includes(type);
  const kind = requirement.signatureRequired
    ? accepts('pdf')
      ? 'pades'
      : 'p7m'
    : (['pdf', 'png', 'jpeg', 'xml', 'p7m'].find(accepts) ?? requirement.acceptedTypes[0]!);
  const key = `${kind} ${JSON.stringify(signer)}`;
  let file = files.get(key);
  if (!file) {
    file = (async () => {
      switch (kind) {
        case 'pades':
          return { name: 'documento-firmato.pdf', bytes: await makePadesPdf({ signer }) };
        case 'p7m':
          return { name: 'documento.pdf.p7m', bytes: await makeSignedP7m({ content: smallPdf(), signer }) };
        case 'png':
          return { name: 'documento.png', bytes: smallPng() };
        case 'jpeg':
          return { name: 'documento.jpg', bytes: smallJpeg() };
        case 'xml':
          return { name: 'documento.xml', bytes: smallXml() };
        default:
          return { name: 'documento.pdf', bytes: smallPdf() };
      }
    })();
    files.set(key, file);
  }
  return file;
}

/** A multipart/form-data body with the requirement's code first, then the file (the route reads them in that order). */
function uploadBody(requirementCode: string, file: { name: string; bytes: Uint8Array }): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----suap-upload-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELDS.requirementCode}"\r\n\r\n${requirementCode}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELDS.file}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file.bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Uploads to draft `requestId`, saved with its initiative, one file for each document the initiative
 * requires and the draft does not carry yet. Answers the requirement codes it uploaded; throws on
 * any answer but 200.
 */
export async function uploadRequiredDocuments(requestId: number, options: UploadOptions): Promise<string[]> {
  const call = options.fetch ?? defaultFetch;
  const api = `${options.baseUrl}${API_BASE}`;
  const authorization = `Bearer ${options.token}`;
  const read = async <T>(path: string, headers: Record<string, string>): Promise<T> => {
    const response = await call(`${api}${path}`, { method: 'GET', headers });
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as T;
  };
  const { request } = await read<RequestResponse>(apiPath('request', { id: requestId }), { authorization });
  const iniziativeId = request.iniziative?.iniziativeId;
  if (iniziativeId === undefined) throw new Error(`request ${requestId} has no initiative saved: its documents cannot be uploaded yet`);
  const business: BusinessRole | null = request.personalData?.business ?? null;
  const { requirementList } = await read<RequirementListResponse>(apiPath('requirementList', { iniziativeId }), {});
  const { attachmentList } = await read<AttachmentListResponse>(apiPath('attachmentList', { id: requestId }), { authorization });
  const missing = missingRequirements(requirementList, attachmentList, business);
  for (const requirement of missing) {
    const { body, contentType } = uploadBody(requirement.requirementCode, await fileFor(requirement, options.signer ?? MARIO));
    const response = await call(`${api}${apiPath('attachmentList', { id: requestId })}`, {
      method: 'POST',
      headers: { authorization, 'content-type': contentType },
      body,
    });
    if (response.status !== 200) throw new Error(`upload ${requirement.requirementCode}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  }
  return missing.map((requirement) => requirement.requirementCode);
}
