import { Migration } from '@mikro-orm/migrations';

/**
 * Who holds a ticket on the inbound handler chain, and that holder's state (issue 11 item 2). Replaces
 * the options bot's own columns (chatbot, queue_option_id) and the queue menu's counter (bot_attempts):
 * their state now lives in the holder state of the kernel handlers `kernel.options-tree` and
 * `kernel.queue-bot`. A pending rating request becomes a hold of `kernel.rating` on the closed ticket.
 */
export class CoreTicketHolder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table tickets add column holder varchar(120), add column holder_state jsonb, add column held_until timestamptz`);
    this.addSql(`
      update tickets set holder = 'kernel.options-tree', holder_state = jsonb_build_object('queueId', queue_id, 'optionId', queue_option_id)
       where chatbot and queue_id is not null and status = 'pending'`);
    this.addSql(`
      update tickets set holder = 'kernel.queue-bot', holder_state = jsonb_build_object('attempts', bot_attempts)
       where holder is null and status = 'pending' and queue_id is null and bot_started_at is not null and bot_attempts > 0`);
    this.addSql(`
      update tickets t set holder = 'kernel.rating', holder_state = jsonb_build_object('ratingId', r.id), held_until = r.created_at + interval '1 day'
        from ticket_ratings r
       where r.ticket_id = t.id and r.company_id = t.company_id and r.rate is null and r.created_at > now() - interval '1 day' and t.status = 'closed'`);
    this.addSql(`alter table tickets drop column chatbot, drop column queue_option_id, drop column bot_attempts`);
    // The chain ran for this message (a retried inbound job runs it when a crash came between storing and the chain).
    this.addSql(`alter table messages add column chained boolean`);
    // The pipeline looks for a held closed ticket of the contact on the connection (a rating waiting).
    this.addSql(`create index tickets_held_closed_index on tickets (contact_id, whatsapp_id) where holder is not null and status = 'closed'`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists tickets_held_closed_index`);
    this.addSql(`alter table messages drop column if exists chained`);
    this.addSql(`alter table tickets add column bot_attempts int not null default 0, add column chatbot boolean not null default false, add column queue_option_id int`);
    this.addSql(`update tickets set chatbot = true, queue_option_id = (holder_state->>'optionId')::int where holder = 'kernel.options-tree'`);
    this.addSql(`update tickets set bot_attempts = (holder_state->>'attempts')::int where holder = 'kernel.queue-bot'`);
    this.addSql(`alter table tickets drop column holder, drop column holder_state, drop column held_until`);
  }
}
