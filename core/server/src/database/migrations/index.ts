import type { MigrationObject } from '@mikro-orm/core';
import { CoreInit } from './core_0001_init.js';
import { CoreTenancy } from './core_0002_tenancy.js';
import { CoreChannels } from './core_0003_channels.js';
import { CoreChannelAuth } from './core_0004_channel_auth.js';
import { CoreEngine } from './core_0006_engine.js';
import { CoreSearch } from './core_0007_search.js';
import { CoreMedia } from './core_0005_media.js';
import { CoreChannelContacts } from './core_0008_channel_contacts.js';
import { CoreSandboxEdits } from './core_0009_sandbox_edits.js';
import { CoreTenantKeys } from './core_0010_tenant_keys.js';
import { CoreMessageDetails } from './core_0011_message_details.js';
import { CoreConnectionReason } from './core_0012_connection_reason.js';
import { CoreMessageSource } from './core_0013_message_source.js';
import { CoreCompanyChanges } from './core_0014_company_changes.js';
import { CoreTicketHolder } from './core_0015_ticket_holder.js';
import { CoreHandlerBindings } from './core_0016_handler_bindings.js';
import { CoreUnsentMessages } from './core_0017_unsent_messages.js';
import { CoreSessionNotify } from './core_0018_session_notify.js';
import { CoreConnectionNotify } from './core_0019_connection_notify.js';
import { CoreConnectionStatusNotify } from './core_0020_connection_status_notify.js';
import { CoreMessageCorrelation } from './core_0021_message_correlation.js';

/** Kernel migrations in order. Plugins' migrations run after these (see database/orm.ts). */
export const KERNEL_MIGRATIONS: MigrationObject[] = [
  { name: 'core_0001_init', class: CoreInit },
  { name: 'core_0002_tenancy', class: CoreTenancy },
  { name: 'core_0003_channels', class: CoreChannels },
  { name: 'core_0004_channel_auth', class: CoreChannelAuth },
  { name: 'core_0006_engine', class: CoreEngine },
  { name: 'core_0005_media', class: CoreMedia },
  { name: 'core_0007_search', class: CoreSearch },
  { name: 'core_0008_channel_contacts', class: CoreChannelContacts },
  { name: 'core_0009_sandbox_edits', class: CoreSandboxEdits },
  { name: 'core_0010_tenant_keys', class: CoreTenantKeys },
  { name: 'core_0011_message_details', class: CoreMessageDetails },
  { name: 'core_0012_connection_reason', class: CoreConnectionReason },
  { name: 'core_0013_message_source', class: CoreMessageSource },
  { name: 'core_0014_company_changes', class: CoreCompanyChanges },
  { name: 'core_0015_ticket_holder', class: CoreTicketHolder },
  { name: 'core_0016_handler_bindings', class: CoreHandlerBindings },
  { name: 'core_0017_unsent_messages', class: CoreUnsentMessages },
  { name: 'core_0018_session_notify', class: CoreSessionNotify },
  { name: 'core_0019_connection_notify', class: CoreConnectionNotify },
  { name: 'core_0020_connection_status_notify', class: CoreConnectionStatusNotify },
  { name: 'core_0021_message_correlation', class: CoreMessageCorrelation },
];
