/**
 * The moderation panel's toasts, in the shape of widgets/core/messages.ts (title, description,
 * variant; failures destructive). They live here because the spec's catalogue has no moderation screen;
 * the sign-in toast is the core one the gallery admin uses.
 */
import type { Toast } from '../core/messages.ts';

const ok = (title: string, description?: string): Toast => ({ title, description, variant: 'default' });
const bad = (title: string, description?: string): Toast => ({ title, description, variant: 'destructive' });

export const MODERATION_MESSAGES = {
  approved: ok('Success', 'Review approved'),
  unapproved: ok('Success', 'Review unapproved'),
  deleted: ok('Success', 'Review deleted'),
  updateFailed: bad('Update failed', 'Failed to update review'),
  deleteFailed: bad('Delete failed', 'Failed to delete review'),
  replySaved: ok('Success', 'Reply published'),
  replyRemoved: ok('Success', 'Reply removed'),
  replyFailed: bad('Reply failed', 'Failed to save reply'),
  fetchFailed: bad('Error', 'Failed to fetch reviews'),
} as const;
