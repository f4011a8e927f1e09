// A stand-in for the PDF worker (src/server/services/pdf/render-worker.ts) that the tests steer
// without timing: 'gate' holds every render until the test opens the shared gate, 'fail' refuses.
import { workerData } from 'piscina';

export interface PdfTestWorkerData {
  mode: 'gate' | 'fail';
  /** Int32 cell 0: 0 closed, 1 open ('gate' only). */
  gate?: SharedArrayBuffer;
}

export const GATED_PDF = '%PDF-1.7 rendered past the gate';

export default async function render(): Promise<Uint8Array> {
  const { mode, gate } = workerData as PdfTestWorkerData;
  if (mode === 'fail') throw new Error('the renderer broke');
  // Blocks this worker thread only, until the test stores 1 and notifies.
  Atomics.wait(new Int32Array(gate!), 0, 0);
  return new TextEncoder().encode(GATED_PDF);
}
