/**
 * The delivery channels behind one interface. In-app is the real-time hub (the notification_created event written to
 * the outbox with the notification, fanned out over socket.io by hub/); email and WhatsApp/SMS are sent by the
 * deliverer (delivery/deliverer.ts) through these adapters, one delivery row per notification and channel.
 */
export interface OutgoingMessage {
  /** `<notificationId>:<channel>`: the same for every attempt, given to the provider as its reference of the message. */
  key: string;
  to: string;
  language: 'en' | 'hi';
  title: string;
  text: string;
  /** Absolute link of the notification's action, with its text in the recipient's language. */
  action: { url: string; text: string } | null;
  /**
   * What the message is (its text's stem, `membership_expiring`) and the params that fill it: WhatsApp sends it as
   * that approved template outside the person's 24-hour window. Email ignores it.
   */
  template?: { stem: string; params: Readonly<Record<string, string>> } | null;
  /**
   * A campaign's or automation's WhatsApp message: this approved template (name, language, body parameters) is sent
   * as it is, whatever the window. The notification fields above are then unused.
   */
  whatsAppTemplate?: { name: string; language: string; params: readonly string[] } | null;
  /** An SMS (campaigns, automations): the DLT template id and sender header its text is registered with. */
  sms?: { dltTemplateId: string | null; senderHeader: string | null } | null;
  /** A campaign's or automation's email: this subject, text and HTML as they are, with extra headers (List-Unsubscribe). */
  mail?: { subject: string; text: string; html: string | null; headers?: Readonly<Record<string, string>> } | null;
}

export interface ChannelAdapter {
  channel: 'email' | 'sms';
  /** Resolves with the provider's message id; throws DeliveryError (or anything: retried) when it did not go out. */
  send(message: OutgoingMessage): Promise<{ providerId: string | null }>;
}

/** A failure the provider says will not change by retrying (bad number, refused recipient): the delivery fails at once. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The transport's own code where it has one (nodemailer's EAUTH, ETIMEDOUT, ECONNECTION; an HTTP status as text). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}
