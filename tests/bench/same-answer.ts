// A reference is only a reference if it answers what the portal answers: before a case is
// measured, the same call goes to both and their answers must match (after `normalise` removes
// what legitimately differs between two calls, such as the instant of a save).
export async function sameAnswer(name: string, origins: [portal: string, reference: string], call: (origin: string) => Promise<string>): Promise<void> {
  const [portal, reference] = [await call(origins[0]), await call(origins[1])];
  if (portal !== reference) {
    let at = 0;
    while (portal[at] === reference[at]) at++;
    const around = (text: string) => text.slice(Math.max(0, at - 120), at + 200);
    throw new Error(
      `${name}: the reference answers differently from the portal (from character ${at})\n  portal:    …${around(portal)}\n  reference: …${around(reference)}`,
    );
  }
}
