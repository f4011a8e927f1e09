// Request recaps as the portal serves them: rendered in the worker pool, once per request version,
// language and reader's side, then served from memory until the request changes (every change,
// history included, bumps the version). A call reads the request row alone and checks who may read
// it; the request and its history are built only when the recap must be rendered. Documents come
// and go without a new version (an upload is not a change of the request), so the recap is also
// cached under the list of its documents, read first (docs/architecture.md "Where documents are shown").
import { LRUCache } from 'lru-cache';
import type { SuapRequest } from '#shared/api/requests.ts';
import type { Language } from '#shared/constants.ts';
import type { NamedAttachment } from '#shared/document-display.ts';
import type { RecapSource } from '../requests/read.ts';
import type { PdfPool } from './pool.ts';

/** A request's stored documents with their requirements' names (services/documents/shown.ts). */
export type DocumentsOf = (requestId: number) => Promise<NamedAttachment[]>;

export class RecapRenderer {
  private readonly rendered = new LRUCache<string, Promise<Buffer>>({ max: 500 });
  private readonly pool: PdfPool;
  private readonly administrationName: string;
  private readonly documentsOf: DocumentsOf;

  constructor(pool: PdfPool, administrationName: string, documentsOf: DocumentsOf = async () => []) {
    this.pool = pool;
    this.administrationName = administrationName;
    this.documentsOf = documentsOf;
  }

  /** The recap of `source` for its reader; a refusal of the pool (PdfQueueFull) is not remembered. */
  render(source: RecapSource, language: Language, forStaff: boolean): Promise<Buffer> {
    return this.cached(source, language, forStaff, () => source.load());
  }

  /** The copy the office receives with a new request: Italian, with the names of who acted. */
  officeCopy(request: SuapRequest): Promise<Buffer> {
    const source = { requestId: request.requestId, version: request.version, storageLimit: request.storageLimit ?? null };
    return this.cached(source, 'it', true, async () => request);
  }

  private async cached(
    source: Pick<RecapSource, 'requestId' | 'version' | 'storageLimit'>,
    language: Language,
    forStaff: boolean,
    load: () => Promise<SuapRequest>,
  ): Promise<Buffer> {
    const documents = await this.documentsOf(source.requestId);
    // Ids only grow: the same ids are the same documents.
    const documentIds = documents.map((document) => document.attachmentId).join(',');
    const key = `${source.requestId}:${source.version}:${source.storageLimit ?? ''}:${language}:${forStaff}:${documentIds}`;
    let pending = this.rendered.get(key);
    if (!pending) {
      pending = load().then((request) =>
        this.pool.render({ kind: 'recap', request, options: { language, administrationName: this.administrationName, forStaff, documents } }),
      );
      this.rendered.set(key, pending);
      pending.catch(() => this.rendered.delete(key));
    }
    return pending;
  }
}
