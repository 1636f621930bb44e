import { Migration } from '@mikro-orm/migrations';

/**
 * Who is transcribing a voice note right now: the button and the automatic transcription (or two agents)
 * may ask for the same note at once, and only the one holding the claim pays and calls the provider.
 * A claim is removed when its work ends; one left by a process that died is taken over once it is old.
 */
export class AiTranscriptionClaims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table ai_transcription_claims (
        company_id int not null,
        message_id int not null,
        claimed_at timestamptz not null default clock_timestamp(),
        primary key (company_id, message_id)
      )`);
  }
  override async down(): Promise<void> {
    this.addSql('drop table if exists ai_transcription_claims');
  }
}
