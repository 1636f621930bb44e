import { Module } from '@nestjs/common';
import { MetricsService } from './metrics.service.js';

/** Prometheus metrics; main.ts mounts MetricsService's middleware first and its handler at /metrics. */
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class MetricsModule {}
