// DataTable, loaded only where it is shown (docs/performance.md). react-aria's Table with its collections,
// drag and drop and selection is ~45 KB compressed; a screen that hides its table on a phone (the
// desk shows cards there) renders this instead and never downloads it on a phone. The screen's
// route waits for `loadDataTable()` where the table will be shown, so the first render already has
// it; otherwise (the screen turned into a wide one later) it renders nothing until the code is in.
import { useEffect, useState } from 'react';
import type { DataTableProps } from './DataTable.tsx';

type DataTableModule = typeof import('./DataTable.tsx');

let loaded: DataTableModule | null = null;
let loading: Promise<DataTableModule> | null = null;

/** Starts (once) and awaits the download of DataTable. */
export function loadDataTable(): Promise<DataTableModule> {
  loading ??= import('./DataTable.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function LazyDataTable<TItem>(props: DataTableProps<TItem>) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    loadDataTable().then(
      (ready) => current && setModule(ready),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [module]);
  return module ? <module.DataTable {...props} /> : null;
}
