import type { ContactDto } from '@atende/core-contract';
import { type Contact } from './contact.entity.js';

/** A contact as the API and the `contact` realtime event show it. */
export const contactDto = (c: Contact): ContactDto => ({
  id: c.id,
  uuid: c.uuid,
  name: c.name,
  number: c.number,
  email: c.email,
  profilePicUrl: c.profilePicUrl,
  isGroup: c.isGroup,
  whatsappId: c.whatsappId ?? null,
  extraInfo: Array.isArray(c.extraInfo) ? c.extraInfo.map((e) => ({ name: e.name, value: e.value })) : [],
  createdAt: c.createdAt.toISOString(),
});
