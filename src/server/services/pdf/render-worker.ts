// The body of a PDF worker thread (pool.ts): renders one document per task and hands its bytes back
// without a copy. Loaded by Node as a .ts file (type stripping), so it imports only erasable code.
import os from 'node:os';
import { move } from 'piscina';
import { renderDecree160, renderInitiativeList } from './downloads.ts';
import { renderRecap } from './recap.ts';
import type { PdfTask } from './tasks.ts';

// Rendering is batch work: a person waiting for any other answer comes first. On Linux a thread's
// nice value is its own, so this lowers this worker thread alone, never the event loop's thread
// (docs/deployment.md, "PDF rendering"). Where the platform refuses, the worker runs at normal priority.
const RENDER_NICE = 10;
try {
  os.setPriority(RENDER_NICE);
} catch {
  // not permitted here: rendering still works
}

async function render(task: PdfTask): Promise<Buffer> {
  switch (task.kind) {
    case 'recap':
      return renderRecap(task.request, task.options);
    case 'decree160':
      return renderDecree160(task.options);
    case 'iniziative':
      return renderInitiativeList(task.groups, task.options);
  }
}

export default async function renderTask(task: PdfTask): Promise<Uint8Array> {
  const pdf = await render(task);
  // Transferred, not copied; a buffer that shares its memory with others is copied first (moving
  // it would detach the others').
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  return move(new Uint8Array(own.buffer, own.byteOffset, own.byteLength)) as unknown as Uint8Array;
}
