import type { Knex } from 'knex';
import { insertBatches, toDate } from './db';
import type { Message } from './types';

export type NewMessage = Omit<Message, 'id'>;

/** Messages in the order given (their ids follow that order); one INSERT per chunk. */
export async function insertMessages(knex: Knex, messages: readonly NewMessage[]): Promise<void> {
  const rows = messages.map((m) => ({
    recipient_id: m.recipientId,
    sender_name: m.senderName,
    content: m.content,
    rendered_content: m.renderedContent,
    sent_at: m.sentAt,
  }));
  for (const batch of insertBatches(knex, rows)) await knex('messages').insert(batch);
}

export async function messagesForUser(knex: Knex, userId: number): Promise<Message[]> {
  const rows = await knex('messages').where('recipient_id', userId).orderBy('id').select('*');
  return rows.map((r) => ({
    id: Number(r.id),
    recipientId: Number(r.recipient_id),
    senderName: String(r.sender_name),
    content: String(r.content),
    renderedContent: String(r.rendered_content),
    sentAt: toDate(r.sent_at),
  }));
}
