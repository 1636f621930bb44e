import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UserSchema } from '../users/user.entity.js';
import { WhatsappSchema } from '../connections/whatsapp.entity.js';
import { SessionsService } from '../auth/sessions.service.js';
import { SessionManager } from '../connections/session-manager.js';
import { MediaStore } from '../media/media-store.js';

/**
 * What deactivating a company (status false) does at once, besides refusing its sign-ins: every
 * session of its users ends (tokens, refresh families, sockets — on every server process) and its
 * WhatsApp sessions stop, wherever they run, keeping their credentials for a later reactivation.
 */
@Injectable()
export class CompanyDeactivation {
  private readonly logger = new Logger('Companies');

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionsService,
    private readonly channels: SessionManager,
    private readonly media: MediaStore,
  ) {}

  /**
   * Deleting a company: the same stop first (a session left running would keep writing keys and
   * receiving messages for a company that no longer exists), then `deleteRows` (credentials go with
   * the rows), then its media files.
   */
  async deleteCompany(companyId: number, deleteRows: () => Promise<void>): Promise<void> {
    await this.run(companyId);
    await deleteRows();
    await this.media.removeCompany(companyId);
  }

  async run(companyId: number): Promise<void> {
    const scope = { filters: { tenant: { companyId } } };
    const users = await this.em.find(UserSchema, { companyId }, scope);
    for (const user of users) await this.sessions.revokeAll(user, 'revoked');
    const running = await this.em.find(WhatsappSchema, { companyId, status: { $ne: 'DISCONNECTED' } }, scope);
    for (const w of running) {
      await this.channels.stop(w.id).catch((err: Error) => this.logger.warn(`Stop connection ${w.id} of company ${companyId}: ${err.message}`));
    }
  }
}
