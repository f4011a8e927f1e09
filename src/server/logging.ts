// Request logs that never carry personal data: no query strings, no headers, no bodies, and
// error messages scrubbed of anything shaped like a fiscal code, e-mail address or token.

const SCRUBBERS: [RegExp, string][] = [
  [/\b[A-Za-z]{6}[0-9LMNPQRSTUV]{2}[A-Za-z][0-9LMNPQRSTUV]{2}[A-Za-z][0-9LMNPQRSTUV]{3}[A-Za-z]\b/g, '[fiscal-code]'],
  // Every character an address may hold before the @ (Patterns.email: d'angelo@…), so none is left behind.
  [/[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]*)?/g, '[token]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [credentials]'],
  [/\((?:[^()]|\([^()]*\))*\)=\((?:[^()]|\([^()]*\))*\)/g, '(…)=(…)'],
];

export function scrub(text: string): string {
  return SCRUBBERS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

export const logSerializers = {
  req(request: { method: string; id: string; routeOptions?: { url?: string } }) {
    return {
      method: request.method,
      // The route pattern (/suap/v1/request/:id), never the raw URL with its query string.
      route: request.routeOptions?.url ?? 'unmatched',
      id: request.id,
    };
  },
  res(reply: { statusCode: number }) {
    return { statusCode: reply.statusCode };
  },
  err(error: Error & { code?: string; statusCode?: number }) {
    return {
      type: error.name,
      code: error.code,
      statusCode: error.statusCode,
      message: scrub(error.message ?? ''),
      stack: scrub(error.stack ?? ''),
    };
  },
};
