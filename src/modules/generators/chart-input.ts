import { z } from 'zod';
import { text } from '../runs/service.ts';

export const ChartValue = z.number().min(-1e15).max(1e15);

/** A chart given as data (dashboards draw it as SVG, presentations as a native PowerPoint chart). */
export const Chart = z
  .object({
    title: text(200),
    kind: z.enum(['bar', 'line', 'pie']),
    labels: z.array(text(60)).min(1).max(50).describe('Categories or x-axis points'),
    series: z
      .array(z.object({ name: text(100), values: z.array(ChartValue).max(50) }))
      .min(1)
      .max(8)
      .describe('One value per label in each series; a pie uses the first series'),
  })
  .superRefine((chart, ctx) => {
    chart.series.forEach((s, i) => {
      if (s.values.length !== chart.labels.length) {
        ctx.addIssue({ code: 'custom', path: ['series', i, 'values'], message: 'needs one value per label' });
      }
    });
    const first = chart.series[0]?.values ?? [];
    if (chart.kind === 'pie' && (first.some((v) => v < 0) || first.reduce((a, b) => a + b, 0) <= 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['series', 0],
        message: 'a pie needs non-negative values with a positive sum',
      });
    }
  });

export type ChartInput = z.output<typeof Chart>;
