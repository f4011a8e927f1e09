// The SPA's client-side paths: their one definition is src/shared/spa-paths.ts, which the server
// reads too (a page path that is none of them answers 404).
export * from '#shared/spa-paths.ts';
