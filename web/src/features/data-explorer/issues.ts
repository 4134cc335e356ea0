import type { ParseKeys, TFunction } from 'i18next';
import { EXPLORER_ISSUES, type ExplorerAggregation, type ExplorerInterval, type ExplorerIssue } from '@taktwerk/common';
import { errorMessage } from '../../app/error-message';
import { ApiError } from '../../app/http-json';

/** Each reason a query cannot run, in the user's language (the api gives the same codes). */
const ISSUE_KEYS: Record<ExplorerIssue, ParseKeys> = {
  select_machine: 'dataExplorer.issues.selectMachine',
  select_tag: 'dataExplorer.issues.selectTag',
  tags_not_found: 'dataExplorer.issues.tagsNotFound',
  invalid_machine: 'dataExplorer.issues.invalidMachine',
  invalid_tag_id: 'dataExplorer.issues.invalidTag',
  too_many_machines: 'dataExplorer.issues.tooManyMachines',
  too_many_tags: 'dataExplorer.issues.tooManyTags',
  invalid_day: 'dataExplorer.issues.invalidDay',
  day_order: 'dataExplorer.issues.dayOrder',
  range_too_long: 'dataExplorer.issues.rangeTooLong',
  invalid_aggregation: 'dataExplorer.issues.invalidAggregation',
  invalid_interval: 'dataExplorer.issues.invalidInterval',
  limit_too_small: 'dataExplorer.issues.limitTooSmall',
  limit_too_large: 'dataExplorer.issues.limitTooLarge',
};

export const AGGREGATION_KEYS: Record<ExplorerAggregation, ParseKeys> = {
  none: 'dataExplorer.aggregations.none',
  avg: 'dataExplorer.aggregations.avg',
  min: 'dataExplorer.aggregations.min',
  max: 'dataExplorer.aggregations.max',
  sum: 'dataExplorer.aggregations.sum',
  count: 'dataExplorer.aggregations.count',
};

export const INTERVAL_KEYS: Record<ExplorerInterval, ParseKeys> = {
  '1m': 'dataExplorer.intervals.m1',
  '5m': 'dataExplorer.intervals.m5',
  '15m': 'dataExplorer.intervals.m15',
  '1h': 'dataExplorer.intervals.h1',
  '6h': 'dataExplorer.intervals.h6',
  '1d': 'dataExplorer.intervals.d1',
};

const isIssue = (code: string): code is ExplorerIssue => code in EXPLORER_ISSUES;

export const issueMessage = (issue: ExplorerIssue, t: TFunction) => t(ISSUE_KEYS[issue]);

/** Why a query did not run: the explorer's own reasons as they are; any other failure says the query failed. */
export function queryErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && isIssue(error.code)) return issueMessage(error.code, t);
  return `${t('dataExplorer.results.failed')}: ${errorMessage(error, t)}`;
}

/** Why an export stopped. */
export function exportErrorMessage(error: unknown, t: TFunction): string {
  const reason = error instanceof ApiError && isIssue(error.code) ? issueMessage(error.code, t) : errorMessage(error, t);
  return `${t('dataExplorer.export.failed')}: ${reason}`;
}
