/** The money side's shared vocabulary: types, money formatting, invoice labels and views both the Admin area and the
 * Console use. */

export { BilledTo } from './BilledTo.tsx';
export { default as billingStyles } from './billing.module.css';
export * from './invoice-labels.ts';
export * from './money.ts';
export * from './types.ts';
