// Whether a signer's certificate chains to a qualified trust service provider of the EU trusted
// lists (eIDAS art. 22). That needs the lists and revocation data from the network, so it sits
// behind an adapter (docs/architecture.md "Signatures and file kinds"): offline (tests, a closed
// deployment) it answers false and the report says "certificate not checked against the trusted
// list"; a deployment may name a verification service with SIGNATURE_VERIFY_URL.

/** Checks one signer's certificates (its own first, then the others the envelope carries), DER. */
export interface ChainVerifier {
  check(certificates: Uint8Array[]): Promise<boolean>;
}

/** No trusted list reachable: never claims a chain was checked. */
export const offlineVerifier: ChainVerifier = {
  check: async () => false,
};

/** How long a verification service may take before the signature is reported as not checked. */
const VERIFY_TIMEOUT_MS = 10_000;

/**
 * A verification service: POST `{"certificates": ["<base64 DER>", …]}` (the signer's first) as JSON,
 * expecting 200 with `{"trusted": true}` when the chain reaches a qualified provider of the EU
 * trusted lists and was not revoked at the time of the check. Any other answer, a failure or a
 * timeout counts as not checked (false): a signature is never reported as trusted on a guess.
 */
export function httpVerifier(url: string, timeoutMs = VERIFY_TIMEOUT_MS): ChainVerifier {
  return {
    async check(certificates) {
      if (certificates.length === 0) return false;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ certificates: certificates.map((der) => Buffer.from(der).toString('base64')) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status !== 200) return false;
        const answer: unknown = await response.json();
        return typeof answer === 'object' && answer !== null && (answer as { trusted?: unknown }).trusted === true;
      } catch {
        return false;
      }
    },
  };
}
