import { Module } from '@nestjs/common';
import { ContactsPortService } from './contacts-port.service.js';
import { ContactsService } from './contacts.service.js';
import { ContactsController } from './contacts.controller.js';

/** Contacts and the SDK's Contacts port. */
@Module({ providers: [ContactsService, ContactsPortService], controllers: [ContactsController], exports: [ContactsService, ContactsPortService] })
export class ContactsModule {}
