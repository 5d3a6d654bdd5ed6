-- Request counters behind the public functions' rate limits (newsletter-signup, newsletter-unsubscribe,
-- lead-capture, beta-access). Only the functions, as service_role, reach them, through
-- rate_limit_hit(); anon and authenticated have no privileges and no policies.

create table public.rate_limits (
  key text not null check (char_length(key) <= 200),
  window_start timestamptz not null,
  hits integer not null default 0 check (hits >= 0),
  primary key (key, window_start)
);
comment on table public.rate_limits is 'Fixed-window hit counters of the public functions; keys carry a hash of the e-mail or client address.';
create index rate_limits_window_start_idx on public.rate_limits (window_start);

alter table public.rate_limits enable row level security;
revoke all on table public.rate_limits from anon, authenticated;

-- Counts one hit and answers in the same statement, so concurrent requests cannot both slip under the
-- limit. Returns 0 when the hit is within the limit, else the seconds until its window ends.
-- security definer with an empty search_path: it runs as the owner whoever calls it, and only
-- service_role may call it.
create function public.rate_limit_hit(p_key text, p_limit integer, p_window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_window timestamptz;
  v_hits integer;
begin
  if p_key is null or p_limit is null or p_window_seconds is null or p_limit < 1 or p_window_seconds < 1 then
    raise exception 'rate_limit_hit needs a key, a limit >= 1 and a window >= 1 second' using errcode = '22023';
  end if;
  v_window := to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);

  insert into public.rate_limits as r (key, window_start, hits)
  values (p_key, v_window, 1)
  on conflict (key, window_start) do update set hits = r.hits + 1
  returning r.hits into v_hits;

  -- No window here is longer than a day: older counters can never matter again.
  delete from public.rate_limits where window_start < now() - interval '1 day';

  if v_hits <= p_limit then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (v_window + make_interval(secs => p_window_seconds) - now()))))::integer;
end
$$;

revoke all on function public.rate_limit_hit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text, integer, integer) to service_role;
