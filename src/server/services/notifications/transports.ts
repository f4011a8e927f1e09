// Delivery: SMTP when configured (nodemailer), otherwise .eml files in the data folder so a demo
// shows every message. The message id becomes the Message-ID header and the file name, so a
// repeated delivery overwrites rather than duplicates.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type DependencyHealth, reasonOf } from '../dependency-health.ts';
import type { Transport, TransportObserver } from './outbox.ts';

function mailOptions(from: string, message: Parameters<Transport>[0]) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    messageId: `<${message.messageId}@suap-portal>`,
    headers: { 'X-Idempotency-Key': message.messageId },
    attachments: message.attachment ? [{ filename: message.attachment.name, content: message.attachment.content, contentType: 'application/pdf' }] : [],
  };
}

export function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail(mailOptions(from, message));
  };
}

export function emlFolderTransport(folder: string, from: string): Transport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await builder.sendMail(mailOptions(from, message));
    // A message carries the applicant's personal data and recap: readable by the portal's user only.
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    const file = path.join(folder, `${message.messageId}.eml`);
    const temporary = `${file}.tmp`;
    await fs.writeFile(temporary, info.message as Buffer, { mode: 0o600 });
    await fs.rename(temporary, file);
  };
}

/**
 * Tells the readiness probe whether mail leaves (docs/deployment.md, "Readiness"). A message the
 * relay refuses (nodemailer's EENVELOPE, EMESSAGE: a bad address) says nothing about the relay and
 * gets its own WARN line; anything else (no connection, authentication, time-out, a full disk for
 * .eml files) marks mail delivery down until a message goes through.
 */
export function mailObserver(health: DependencyHealth, log: { warn: (obj: object, msg: string) => void }): TransportObserver {
  return {
    sent: () => health.answered('mail'),
    failed: (error) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'EENVELOPE' || code === 'EMESSAGE')
        log.warn({ reason: reasonOf(error) }, 'the mail relay refused a notification; it is retried with backoff');
      else health.failed('mail', reasonOf(error));
    },
  };
}
