// Delivery: SMTP when configured (nodemailer), otherwise .eml files in the data folder so a demo
// shows every message. The message id becomes the Message-ID header and the file name, so a
// repeated delivery overwrites rather than duplicates.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transport } from './outbox.ts';

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
