-- Who is an admin: the `role` key of the JWT's app_metadata. app_metadata is written only server-side
-- (seed, service_role, dashboard); users cannot change it through updateUser, so a policy may trust it.
-- security invoker + stable: it only reads the request's claims, once per statement when policies
-- call it as `(select public.is_admin())`.
-- Written to be re-runnable (create or replace), like every migration of this project.

create or replace function public.is_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role' = 'admin', false)
$$;

comment on function public.is_admin() is 'True when the caller''s JWT carries app_metadata.role = admin (set server-side only).';

-- Callable through PostgREST too (rpc/is_admin): the gallery admin panel can ask who it is talking to.
grant execute on function public.is_admin() to anon, authenticated, service_role;
