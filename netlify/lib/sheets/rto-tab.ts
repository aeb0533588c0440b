import type { ReportGroup, ReturnsReport } from '#shop/returns/index.ts';
import type { CellValue, SheetTab } from './tabs.ts';

/**
 * The return-to-origin report in the Sheet (docs/shop-rules.md §10): one row per figure group of a
 * period, keyed `<from>..<to>|<group>|<value>`, so running the report again for the period rewrites
 * its rows. The report's own figures, first-attempt delivery and days to delivery are on the `All`
 * row only; `Written at` on every row, so a row the last run did not write shows its age.
 */
export const RTO_HEADERS = [
  'Key',
  'Period',
  'Group',
  'Value',
  'Orders',
  'Delivered',
  'Returned',
  'RTO rate',
  'Lost',
  'Cancelled',
  'Still on the way',
  'First-attempt delivery rate',
  'Days to delivery (median)',
  'Days to delivery (p90)',
  'Written at',
] as const;

/** A run of the report as the Sheet gets it: the figures and when they were written (ISO, UTC). */
export interface SheetRto {
  report: ReturnsReport;
  writtenAt: string;
}

const RTO_GROUPS = {
  all: 'All',
  mode: 'Payment mode',
  pincode: 'Pincode prefix',
  reason: "Courier's reason",
  codReason: 'COD rule',
  confirmation: 'COD confirmed',
} as const;

/** A 0–1 rate as a percentage with one decimal (`26.5%`); empty when there is none. */
const percentCell = (rate: number | null) => (rate === null ? undefined : `${(rate * 100).toFixed(1)}%`);
const daysCell = (days: number | null) => (days === null ? undefined : days.toFixed(1));

type RtoCells = Partial<Record<(typeof RTO_HEADERS)[number], CellValue>>;

/** The rows of one run, `All` first, then each group in the report's order; raw cells in header order. */
export function rtoRows({ report, writtenAt }: SheetRto): CellValue[][] {
  const { from, to } = report.period;
  const row = (group: string, value: string, figures: Omit<ReportGroup, 'key'>, more: RtoCells = {}) => {
    const cells: RtoCells = {
      Key: `${from}..${to}|${group}|${value}`,
      Period: `${from} to ${to}`,
      Group: group,
      Value: value,
      Orders: figures.orders,
      Delivered: figures.delivered,
      Returned: figures.returned,
      'RTO rate': percentCell(figures.rtoRate),
      ...more,
      'Written at': writtenAt,
    };
    return RTO_HEADERS.map((header) => cells[header]);
  };
  const groups = (group: string, list: readonly ReportGroup[]) =>
    list.map(({ key, ...figures }) => row(group, key, figures));
  return [
    row(RTO_GROUPS.all, '', report, {
      Lost: report.lost,
      Cancelled: report.cancelled,
      'Still on the way': report.onTheWay,
      'First-attempt delivery rate': percentCell(report.firstAttemptDeliveryRate),
      'Days to delivery (median)': daysCell(report.daysToDelivery.median),
      'Days to delivery (p90)': daysCell(report.daysToDelivery.p90),
    }),
    ...groups(RTO_GROUPS.mode, report.byMode),
    ...groups(RTO_GROUPS.pincode, report.byPincode),
    ...groups(RTO_GROUPS.reason, report.byReason),
    ...groups(RTO_GROUPS.codReason, report.byCodReason),
    ...groups(RTO_GROUPS.confirmation, report.byConfirmation),
  ];
}

export const RTO_TAB: SheetTab<SheetRto> = {
  name: 'RTO',
  type: 'rto',
  headers: RTO_HEADERS,
  keyHeader: 'Key',
  keyField: 'period',
  keyPerRow: true,
  // A later run for the period rewrites every figure; the key stays.
  updatable: RTO_HEADERS.filter((header) => header !== 'Key'),
  key: ({ report }) => `${report.period.from}..${report.period.to}`,
  rows: rtoRows,
};
