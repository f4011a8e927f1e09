// The legal-representative check on the personal-data step (machines/legal-rep-check.ts): one
// question per person and company, the register's three answers, and a failed question asked again.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { legalRepCheckMachine, type LegalRepAnswer, type LegalRepQuestion } from '#machines/legal-rep-check.ts';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const MARIO = 'RSSMRA80A01H501U';

function checking(answer: (question: LegalRepQuestion) => Promise<LegalRepAnswer>) {
  const asked: LegalRepQuestion[] = [];
  const check = fromPromise<LegalRepAnswer, LegalRepQuestion>(({ input }) => {
    asked.push(input);
    return answer(input);
  });
  return { actor: createActor(legalRepCheckMachine.provide({ actors: { check } })).start(), asked };
}

describe('legal-representative check', () => {
  it('shows the register’s OK, KO and self-declaration, each asked once per company', async () => {
    const answers: Record<string, LegalRepAnswer> = {
      '09876543217': { esito: 'OK' },
      '01234567897': { esito: 'KO' },
      '00743110157': { esito: 'OK', declared: true },
    };
    const { actor, asked } = checking(async ({ cfImpresa }) => answers[cfImpresa]!);
    const ask = (cfImpresa: string) => actor.send({ type: 'CHECK', question: { cfPersona: MARIO, cfImpresa } });
    ask('09876543217');
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(actor.getSnapshot().value).toBe('confirmed');
    ask('09876543217');
    expect(asked).toHaveLength(1);
    ask('01234567897');
    await settle();
    expect(actor.getSnapshot().value).toBe('refused');
    ask('00743110157');
    await settle();
    expect(actor.getSnapshot().value).toBe('declared');
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('idle');
    ask('00743110157');
    expect(asked.map((question) => question.cfImpresa)).toEqual(['09876543217', '01234567897', '00743110157', '00743110157']);
  });

  it('asks a failed question again', async () => {
    let fail = true;
    const { actor, asked } = checking(async () => {
      if (fail) throw new Error('unreachable');
      return { esito: 'OK' };
    });
    const question = { cfPersona: MARIO, cfImpresa: '09876543217' };
    actor.send({ type: 'CHECK', question });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'CHECK', question });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(asked).toHaveLength(2);
  });
});
