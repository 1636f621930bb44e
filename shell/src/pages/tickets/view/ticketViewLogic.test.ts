import { describe, expect, it } from 'vitest';
import { ApiError } from '@atende/sdk-web';
import { pt } from './locales.pt.js';
import { en } from './locales.en.js';
import { actionBody, actionsFor, canDeleteNote, contactLinks, loadFailure, matchUsers, noteError, stillVisible, transferBody } from './ticketViewLogic.js';

const agent = { id: 1, profile: 'user' as const, super: false, queues: [{ id: 11, name: 'Ventas', color: '#000' }], allTicket: 'desabled' as const };

describe('ticket view rules', () => {
  it('reads load failures: 403 unauthorized (not an expired session), 404 not found', () => {
    expect(loadFailure(new ApiError(403, 'ERR_NO_PERMISSION', ''))).toBe('unauthorized');
    expect(loadFailure(new ApiError(403, 'ERR_SESSION_EXPIRED', ''))).toBe('error');
    expect(loadFailure(new ApiError(404, 'ERR_NO_TICKET_FOUND', ''))).toBe('notFound');
    expect(loadFailure(new ApiError(500, null, ''))).toBe('error');
    expect(loadFailure(new TypeError('offline'))).toBe('error');
  });

  it('offers the transitions of core-operations §4 by status', () => {
    expect(actionsFor('pending')).toEqual(['accept']);
    expect(actionsFor('open')).toEqual(['return', 'resolve']);
    expect(actionsFor('closed')).toEqual(['reopen']);
    expect(actionBody('accept', 7)).toEqual({ status: 'open', userId: 7 });
    expect(actionBody('return', 7)).toEqual({ status: 'pending', userId: null });
    expect(actionBody('resolve', 7)).toEqual({ status: 'closed', userId: 7 });
    expect(actionBody('reopen', 7)).toEqual({ status: 'open', userId: 7 });
  });

  it('knows when an agent can no longer see a ticket', () => {
    expect(stillVisible({ queueId: 11, userId: null }, agent)).toBe(true);
    expect(stillVisible({ queueId: 12, userId: null }, agent)).toBe(false);
    expect(stillVisible({ queueId: 12, userId: 1 }, agent)).toBe(true);
    expect(stillVisible({ queueId: null, userId: null }, agent)).toBe(false);
    expect(stillVisible({ queueId: null, userId: null }, { ...agent, allTicket: 'enabled' })).toBe(true);
    expect(stillVisible({ queueId: 12, userId: null }, { ...agent, profile: 'admin' })).toBe(true);
  });

  it('validates notes like the server: required, at least 2 characters after trimming', () => {
    expect(noteError('')).toBe('noteRequired');
    expect(noteError('   ')).toBe('noteRequired');
    expect(noteError(' a ')).toBe('noteTooShort');
    expect(noteError('ok')).toBeNull();
    expect(noteError('x'.repeat(5001))).toBe('noteTooLong');
  });

  it('lets authors and admins delete notes', () => {
    expect(canDeleteNote({ user: { id: 1 } }, agent)).toBe(true);
    expect(canDeleteNote({ user: { id: 2 } }, agent)).toBe(false);
    expect(canDeleteNote({ user: null }, agent)).toBe(false);
    expect(canDeleteNote({ user: { id: 2 } }, { ...agent, profile: 'admin' })).toBe(true);
    expect(canDeleteNote({ user: { id: 1 } }, null)).toBe(false);
  });

  it('searches users from 3 characters, ignoring case and accents', () => {
    const users = [{ name: 'José Núñez' }, { name: 'Josefina' }, { name: 'Ana' }];
    expect(matchUsers(users, 'jo')).toEqual([]);
    expect(matchUsers(users, 'JOS').map((u) => u.name)).toEqual(['José Núñez', 'Josefina']);
    expect(matchUsers(users, 'nunez').map((u) => u.name)).toEqual(['José Núñez']);
  });

  it('needs a queue to transfer; the user is optional', () => {
    expect(transferBody(undefined, 3)).toBeNull();
    expect(transferBody(5, undefined)).toEqual({ queueId: 5 });
    expect(transferBody(5, 3)).toEqual({ queueId: 5, userId: 3 });
  });

  it('builds the contact links', () => {
    expect(contactLinks({ number: '51 900-000-042', email: 'a@b.pe' })).toEqual({ tel: 'tel:+51900000042', whatsapp: 'https://wa.me/51900000042', mail: 'mailto:a@b.pe' });
    expect(contactLinks({ number: '120363000000', isGroup: true, email: '' })).toEqual({ tel: null, whatsapp: null, mail: null });
  });

  it('says "Acesso não permitido" in Portuguese, as the spec quotes it', () => {
    expect(pt.ticketView.unauthorized).toBe('Acesso não permitido');
    expect(en.ticketView.noteTooShort).toBe('Too Short!');
    expect(en.ticketView.noteRequired).toBe('Required');
  });
});
