import { Injectable } from '@nestjs/common';
import { graphBaseUrl } from '../settings.js';
import { GraphClient } from './graph-client.js';

/** The Graph client at the platform's configured base URL (read when used: tests set it per server). */
@Injectable()
export class GraphClientFactory {
  client(): GraphClient {
    return new GraphClient(graphBaseUrl());
  }
}
