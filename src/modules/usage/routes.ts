import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import {
  BreakdownQuery,
  ChargebackQuery,
  ChargebackSchema,
  SummaryQuery,
  TimeseriesByQuery,
  TimeseriesQuery,
  UsageBreakdownSchema,
  UsageSummarySchema,
  UsageTimeseriesBySchema,
  UsageTimeseriesSchema,
} from './schemas.ts';
import type { UsageService } from './service.ts';

const tags = ['Usage and billing'];
const config = { auth: 'orgAdmin' } as const;
const errors = errorResponses('orgAdmin');
const USAGE = '/v1/organization/usage';

/** The usage reports, for the organization's admins. Dates are days in the organization's time zone. */
export function registerUsageRoutes(app: FastifyInstance, usage: UsageService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(`${USAGE}/summary`, {
    config,
    schema: {
      tags,
      summary: 'Totals over from..to (inclusive, at most 365 days) against the same number of days before',
      querystring: SummaryQuery,
      response: { 200: UsageSummarySchema, ...errors },
    },
    handler: (req) => usage.summary(contextOf(req), req.query),
  });

  r.get(`${USAGE}/timeseries`, {
    config,
    schema: {
      tags,
      summary: 'Cost and tokens per day (at most 365) or hour (at most 7 days), every bucket present',
      querystring: TimeseriesQuery,
      response: { 200: UsageTimeseriesSchema, ...errors },
    },
    handler: (req) => usage.timeseries(contextOf(req), req.query),
  });

  r.get(`${USAGE}/breakdown`, {
    config,
    schema: {
      tags,
      summary: 'Cost by model, agent, channel, department or user: costliest first, at most 50 rows',
      querystring: BreakdownQuery,
      response: { 200: UsageBreakdownSchema, ...errors },
    },
    handler: (req) => usage.breakdown(contextOf(req), req.query),
  });

  r.get(`${USAGE}/timeseries-by`, {
    config,
    schema: {
      tags,
      summary: 'Cost per bucket of the top `limit` departments or users, the remainder summed as Other',
      querystring: TimeseriesByQuery,
      response: { 200: UsageTimeseriesBySchema, ...errors },
    },
    handler: (req) => usage.timeseriesBy(contextOf(req), req.query),
  });

  r.get(`${USAGE}/chargeback`, {
    config,
    schema: {
      tags,
      summary: 'A month’s cost per department, children rolled up into parents, as JSON or a CSV download',
      querystring: ChargebackQuery,
      response: {
        200: z.union([ChargebackSchema, z.string().describe('text/csv, with format=csv')]),
        ...errors,
      },
    },
    handler: async (req, reply) => {
      const report = await usage.chargeback(contextOf(req), req.query);
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'json') return report;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="chargeback-${report.month}.csv"`)
        .send(usage.chargebackCsv(report));
    },
  });
}
