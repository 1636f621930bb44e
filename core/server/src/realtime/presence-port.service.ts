import { Injectable } from '@nestjs/common';
import type { Presence } from '@atende/sdk-server';
import { RealtimeGateway } from './realtime.gateway.js';

/** The SDK's PRESENCE port: the company's users with a socket open now, from the gateway's rooms. */
@Injectable()
export class PresencePortService implements Presence {
  constructor(private readonly gateway: RealtimeGateway) {}

  async online(companyId: number, userIds?: number[]): Promise<number[]> {
    const online = await this.gateway.onlineUsers(companyId);
    if (!userIds) return online;
    const wanted = new Set(userIds);
    return online.filter((id) => wanted.has(id));
  }
}
