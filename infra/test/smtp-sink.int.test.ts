// The SMTP sink behind `npm start` and the browser tests: real SMTP in (nodemailer, as the auth service sends), the
// HTTP view out, in the JSON shape the tests and developers read.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SinkMessage, type SmtpSink } from '@akhada/infra/standins';

let sink: SmtpSink;
let transport: nodemailer.Transporter;
const view = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${sink.httpPort}${path}`, init);

beforeAll(async () => {
  sink = await startSmtpSink({ smtpPort: 0, httpPort: 0 });
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: sink.smtpPort, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  transport?.close();
  await sink?.stop();
});
beforeEach(() => {
  sink.clear();
});

describe('SMTP sink', () => {
  it('decodes a multipart mail with encoded Hindi headers and lists it under every envelope recipient, Bcc included', async () => {
    const text = `नमस्ते! Open http://localhost:8080/reset-password?token=abc_DEF-1 to choose a new password.\n${'लंबी पंक्ति '.repeat(20)}\n\n`;
    await transport.sendMail({
      from: 'अखाड़ा Akhada <no-reply@akhada.local>',
      to: 'Member@Example.in',
      bcc: 'hidden@example.in',
      subject: 'पासवर्ड बदलें — Akhada',
      text,
      html: '<p>नमस्ते <b>दोस्त</b></p>\n',
      messageId: '<fixed-1@akhada.local>',
    });

    const res = await view('/messages?to=HIDDEN@example.in');
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: SinkMessage[] };
    expect(messages).toHaveLength(1);
    const [mail] = messages;
    expect(Object.keys(mail!).sort()).toEqual(['from', 'html', 'id', 'messageId', 'receivedAt', 'subject', 'text', 'to']);
    expect(mail).toMatchObject({
      from: 'अखाड़ा Akhada <no-reply@akhada.local>',
      to: ['Member@example.in', 'hidden@example.in'], // nodemailer lower-cases the domain of RCPT TO
      subject: 'पासवर्ड बदलें — Akhada',
      text: text.replace(/\n+$/, ''), // LF line ends, trailing blank lines dropped
      html: '<p>नमस्ते <b>दोस्त</b></p>',
      messageId: '<fixed-1@akhada.local>',
    });
    expect(Date.parse(mail!.receivedAt)).not.toBeNaN();
    expect(/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1]).toBe('abc_DEF-1');
  });

  it('derives the text of an HTML-only mail, takes the envelope sender when From is missing, lists newest first, and empties on DELETE', async () => {
    await transport.sendMail({ from: 'first@akhada.local', to: 'a@example.in', subject: 'first', text: 'one' });
    await transport.sendMail({
      envelope: { from: 'bounce@akhada.local', to: ['b@example.in'] },
      to: 'b@example.in',
      subject: 'second',
      html: '<html><head><style>p { color: red }</style></head><body><p>Hello &amp; welcome</p></body></html>',
    });

    const all = ((await (await view('/messages')).json()) as { messages: SinkMessage[] }).messages;
    expect(all.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(all[0]).toMatchObject({ from: 'bounce@akhada.local', to: ['b@example.in'], text: 'Hello & welcome' });
    expect(all[1]).toMatchObject({ from: 'first@akhada.local', text: 'one' });
    expect(all[1]).not.toHaveProperty('html');

    expect(await (await view('/messages', { method: 'DELETE' })).json()).toEqual({ deleted: 2 });
    expect(await (await view('/messages')).json()).toEqual({ messages: [] });
  });
});
