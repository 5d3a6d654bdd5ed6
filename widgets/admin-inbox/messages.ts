/**
 * The inbox's toasts, in the shape of widgets/core/messages.ts (the spec's catalogue has no inbox
 * screen: issue #10 added it).
 */
import { bad, ok, type Toast } from '../core/messages.ts';
import type { InboxStatus } from './data.ts';

export const INBOX_MESSAGES = {
  marked: { new: ok('Success', 'Marked as new'), handled: ok('Success', 'Marked handled'), archived: ok('Success', 'Archived') } satisfies Record<InboxStatus, Toast>,
  exported: (n: number) => ok('Export ready', `${n} ${n === 1 ? 'item' : 'items'} exported`),
  updateFailed: bad('Update failed', 'Failed to update the item'),
  fetchFailed: bad('Error', 'Failed to fetch the inbox'),
  exportFailed: bad('Export failed', 'Failed to export the inbox'),
} as const;
