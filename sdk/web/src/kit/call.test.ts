import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ENDPOINTS, CONTACT_ENDPOINTS } from '@atende/core-contract';
import { api } from '../api.js';
import { call, pathOf } from './call.js';

afterEach(() => vi.restoreAllMocks());

describe('call: endpoints typed by the contract (issue 12 item 5)', () => {
  it('fills path parameters (encoded) and refuses a missing one', () => {
    expect(pathOf('/contacts/:id', { id: 7 })).toBe('/contacts/7');
    expect(pathOf('/a/:x/b/:y', { x: 'a b', y: 2 })).toBe('/a/a%20b/b/2');
    expect(() => pathOf('/contacts/:id', {})).toThrow(/Missing path parameter "id"/);
  });

  it('sends each method with its path, query and body through the same client', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue({ id: 7, name: 'Ana' });
    const get = vi.spyOn(api, 'get').mockResolvedValue({ contacts: [], hasMore: false });
    const del = vi.spyOn(api, 'delete').mockResolvedValue(undefined);
    const updated = await call(CONTACT_ENDPOINTS.update, { params: { id: 7 }, body: { name: 'Ana' } });
    expect(updated.name).toBe('Ana');
    expect(put).toHaveBeenCalledWith('/contacts/7', { name: 'Ana' });
    await call(CONTACT_ENDPOINTS.page, { query: { searchParam: 'an', pageNumber: 2 } });
    expect(get).toHaveBeenCalledWith('/contacts', { query: { searchParam: 'an', pageNumber: 2 } });
    await call(CONTACT_ENDPOINTS.remove, { params: { id: 3 } });
    expect(del).toHaveBeenCalledWith('/contacts/3');
  });

  it('asks for a Blob where the endpoint answers a file, and passes noRefresh on', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(new Blob(['x']));
    const post = vi.spyOn(api, 'post').mockResolvedValue({ sent: true });
    await call(CONTACT_ENDPOINTS.export);
    expect(get).toHaveBeenCalledWith('/contacts/export', { responseType: 'blob' });
    await call(AUTH_ENDPOINTS.forgotPassword, { params: { email: 'a@b.co' }, noRefresh: true });
    expect(post).toHaveBeenCalledWith('/forgetpsw/a%40b.co', undefined, { noRefresh: true });
  });
});
