/**
 * The element's way to the reviews module's feed (model/): one `review_feed` GET per page over plain
 * fetch, so visitors never download postgrest-js or auth-js to read reviews. The signed-in write path (review row, files, media rows)
 * is in submit.ts, loaded with the form.
 */
import { rpcGet } from '../core/rpc.ts';
import { type Feed, type FeedArgs, type FeedQuery, loadFeed } from '../../ui/reviews/model/index.ts';

/** Throws on failure; the caller logs it and shows the list empty (docs/errors.md). */
async function getFeed(args: FeedArgs): Promise<unknown> {
  const { data, error } = await rpcGet('review_feed', args);
  if (error) throw error;
  return data;
}

/** One page of approved reviews plus the slug's summary, in a single cacheable GET. */
export function readFeed(q: FeedQuery): Promise<Feed> {
  return loadFeed(q, getFeed);
}
