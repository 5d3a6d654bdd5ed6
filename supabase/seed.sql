-- Seed data for local development and tests (`npm start`, tests/support/global-setup.ts) and for
-- `supabase db reset` on a Supabase CLI project. Runs once, as the database owner, after the migrations.
--
-- Accounts (all e-mail confirmed; sign in with e-mail + password; four customers also have a rewards card
-- in one state each: "rewards" below):
--   admin@kyb.local              / kyb-admin-2025      app_metadata.role = admin (gallery, moderation)
--   amara.johnson@example.com    / kyb-customer-2025
--   keisha.williams@example.com  / kyb-customer-2025
--   tariq.brown@example.com      / kyb-customer-2025
--   nia.campbell@example.com     / kyb-customer-2025
--   jasmine.ebanks@example.com   / kyb-customer-2025
--   marcus.reid@example.com      / kyb-customer-2025
--
-- Fixed ids, so tests and fixtures can name rows:
--   users 5eed0000-…-0000000000NN (admin 01, customers 11-16), reviews 5eed0001-…-0000000000NN (01-34;
--   06 and 16 are pending), review_media 5eed0002-…, planner_gallery 5eed0003-… (4 is inactive),
--   leads 5eed0004-… (01 partnership, 02 beta request: new; 03 notify-me: handled), subscribers
--   5eed0005-… (01 newsletter, 02 DIY-kit waiting list: new); one reply, to review 05; orders 5eed0006-…
--   (01-07, Amara Johnson's, one in each state a customer meets; 08-12, one in each step of fulfilment;
--   13-16, the purchases behind the verified reviews: see "orders" below) with their items 5eed0007-…,
--   payments 5eed0008-… and history.
--
-- The inbox rows and the reply give the admin inbox, its "N new" count and a review with the brand's
-- answer something to show (the states catalogue, issue #8). They are dated before any test writes, so
-- a test's own rows come first in the newest-first inbox.
--
-- Storage objects the seed registers. Only their rows are in the database: the bytes live outside it,
-- so `npm start` writes a placeholder image of the given type for each line below into the local storage
-- folder. On a hosted project these rows have no bytes behind them until the files are uploaded there
-- (their public URLs answer 404 meanwhile). One line per object, `-- seed-object: <bucket>/<name> <mimetype>`:
-- seed-object: review-media/5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/0.png image/png
-- seed-object: review-media/5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/1.png image/png
-- seed-object: review-media/5eed0000-0000-4000-8000-000000000015/5eed0001-0000-4000-8000-000000000012/0.png image/png
-- seed-object: review-media/5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000021/0.png image/png
-- seed-object: review-media/5eed0000-0000-4000-8000-000000000016/5eed0001-0000-4000-8000-000000000006/0.png image/png
-- seed-object: planner-gallery/seed/1.png image/png
-- seed-object: planner-gallery/seed/2.png image/png
-- seed-object: planner-gallery/seed/3.png image/png
-- seed-object: planner-gallery/seed/4.png image/png

-- ---------------------------------------------------------------- users
-- Shaped as GoTrue writes them: the token columns are empty strings, not null (GoTrue cannot scan a
-- null there), and each user has its e-mail identity. The on_auth_user_created trigger
-- (20250101000200_profiles.sql) creates each profile.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token
) values
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'admin@kyb.local',
   extensions.crypt('kyb-admin-2025', extensions.gen_salt('bf', 10)), '2025-01-02 09:00:00+00', null,
   '{"provider":"email","providers":["email"],"role":"admin"}', '{"full_name":"KYB Studio"}', '2025-01-02 09:00:00+00', '2025-01-02 09:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000011', 'authenticated', 'authenticated', 'amara.johnson@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Amara Johnson"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000012', 'authenticated', 'authenticated', 'keisha.williams@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Keisha Williams"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000013', 'authenticated', 'authenticated', 'tariq.brown@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Tariq Brown"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000014', 'authenticated', 'authenticated', 'nia.campbell@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Nia Campbell"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000015', 'authenticated', 'authenticated', 'jasmine.ebanks@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Jasmine Ebanks"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '5eed0000-0000-4000-8000-000000000016', 'authenticated', 'authenticated', 'marcus.reid@example.com',
   extensions.crypt('kyb-customer-2025', extensions.gen_salt('bf', 10)), '2025-01-05 12:00:00+00', null,
   '{"provider":"email","providers":["email"]}', '{"full_name":"Marcus Reid"}', '2025-01-05 12:00:00+00', '2025-01-05 12:00:00+00',
   '', '', '', '', '', '', '', '')
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email',
       u.created_at, u.created_at, u.created_at
from auth.users u
where u.id::text like '5eed0000-%'
on conflict (provider_id, provider) do nothing;

-- ---------------------------------------------------------------- reviews
-- 3-6 approved reviews for every slug of REVIEW_SLUGS (shared/rules/reviews.ts), two pending.
-- Inserted as the owner, so the moderation trigger keeps the given approval and dates. A review is
-- verified exactly when a seeded paid order of its author holds the product (the orders below; what the
-- database would compute, tests/backend/seed.test.ts checks): none of the studio's (booked, not ordered)
-- nor of the DIY Trinity Kit's (Coming Soon: nobody could buy it).
insert into public.reviews (id, user_id, product_slug, rating, title, content, reviewer_name, is_verified_purchase, is_approved, created_at) values
  ('5eed0001-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000011', 'handmade-locs', 5,
   'Feather-light and so natural',
   'I was nervous faux locs would pull at my edges, but these are feather-light. The handmade texture blends right into my roots and nobody at work could tell where my hair ended. Six weeks in and they still look fresh.',
   'Amara J.', false, true, '2025-02-14 15:20:00+00'),
  ('5eed0001-0000-4000-8000-000000000002', '5eed0000-0000-4000-8000-000000000012', 'handmade-locs', 5,
   'Rich color, beautifully packed',
   'Ordered two bundles in Burgundy for a partial install. They arrived wrapped with care cards and a little satin pouch. The color is deep and even without looking synthetic at all.',
   'Keisha W.', true, true, '2025-04-03 10:05:00+00'),
  ('5eed0001-0000-4000-8000-000000000003', '5eed0000-0000-4000-8000-000000000013', 'handmade-locs', 4,
   'Great locs, worth the wait',
   'The ends are sealed beautifully and every loc is the same width. Shipping took a few days longer than I hoped, but the studio kept me updated the whole way.',
   'Tariq B.', false, true, '2025-05-21 18:42:00+00'),
  ('5eed0001-0000-4000-8000-000000000004', '5eed0000-0000-4000-8000-000000000014', 'handmade-locs', 5,
   'My go-to protective style now',
   'Second set from KYB. I swim most weekends in Grand Cayman and these hold up: rinse, squeeze, air dry, done. My own hair underneath is thriving.',
   'Nia C.', true, true, '2025-07-09 12:30:00+00'),
  ('5eed0001-0000-4000-8000-000000000005', '5eed0000-0000-4000-8000-000000000015', 'handmade-locs', 3,
   'Gorgeous, but go shorter',
   'The craftsmanship is clear and they look stunning. At 24 inches they felt heavy on my scalp for the first week, so next time I will choose 16-18 inches.',
   'Jasmine E.', false, true, '2025-08-30 09:15:00+00'),
  ('5eed0001-0000-4000-8000-000000000006', '5eed0000-0000-4000-8000-000000000016', 'handmade-locs', 4,
   'Clean install, easy upkeep',
   'Installed them myself with the care card instructions. A light oil on the scalp twice a week and they still look brand new.',
   'Marcus R.', false, false, '2025-11-02 20:10:00+00'),
  ('5eed0001-0000-4000-8000-000000000007', '5eed0000-0000-4000-8000-000000000012', 'holistic-haircare', 5,
   'The tea bar alone is worth the visit',
   'From the herbal tea to the sound healing at the end, I left lighter than I came in. My retwist was neat and gentle on my edges.',
   'Keisha W.', false, true, '2025-01-18 11:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000008', '5eed0000-0000-4000-8000-000000000011', 'holistic-haircare', 5,
   'A stylist who truly listens',
   'We talked through my scalp sensitivity before anything touched my hair. The clay detox calmed an itch I had lived with for months. This is what holistic care should feel like.',
   'Amara J.', false, true, '2025-03-08 14:45:00+00'),
  ('5eed0001-0000-4000-8000-000000000009', '5eed0000-0000-4000-8000-000000000016', 'holistic-haircare', 4,
   'Calm, unhurried and thorough',
   'Great retwist and scalp detox. My appointment started about fifteen minutes late, but nobody rushed me once I was in the chair.',
   'Marcus R.', false, true, '2025-06-12 16:30:00+00'),
  ('5eed0001-0000-4000-8000-000000000010', '5eed0000-0000-4000-8000-000000000014', 'holistic-haircare', 5,
   'The Cayman pop-up was a treat',
   'Booked the pop-up in George Town and it felt like a retreat: aromatherapy, a guided stretch, and my locs have never looked healthier.',
   'Nia C.', false, true, '2025-09-27 13:10:00+00'),
  ('5eed0001-0000-4000-8000-000000000011', '5eed0000-0000-4000-8000-000000000013', 'holistic-haircare', 5,
   'Sacred time, every visit',
   'I come in every six weeks now. The infrared steamer add-on is a must, and my loyalty card already earned me 10% off.',
   'Tariq B.', false, true, '2025-10-30 10:20:00+00'),
  ('5eed0001-0000-4000-8000-000000000012', '5eed0000-0000-4000-8000-000000000015', 'trinity-locs', 5,
   'The perfect blend',
   'The human and synthetic blend gives them a soft, lived-in look with no shine. I went with 20 inches in Honey Blonde and get compliments daily.',
   'Jasmine E.', true, true, '2025-02-02 17:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000013', '5eed0000-0000-4000-8000-000000000011', 'trinity-locs', 4,
   'Soft and easy to style',
   'They take an updo beautifully and feel soft against my neck. One star off because the Honey Blonde ran a touch lighter than the photo.',
   'Amara J.', true, true, '2025-04-22 08:50:00+00'),
  ('5eed0001-0000-4000-8000-000000000014', '5eed0000-0000-4000-8000-000000000016', 'trinity-locs', 5,
   'Exactly as described',
   'Ordered size M at 16 inches. Consistent width, sealed tips, and the bundle count was spot on. Will order again.',
   'Marcus R.', false, true, '2025-07-30 19:25:00+00'),
  ('5eed0001-0000-4000-8000-000000000015', '5eed0000-0000-4000-8000-000000000012', 'trinity-locs', 4,
   'Lovely, give them a day to settle',
   'The first couple of days they needed a little steam to relax; after that they swing just right. The studio answered my questions within the hour.',
   'Keisha W.', true, true, '2025-10-11 12:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000016', '5eed0000-0000-4000-8000-000000000014', 'trinity-locs', 5,
   'Beautiful multi-tone',
   'Custom multi-tone in black and burgundy, exactly the mix I asked for on the consultation call.',
   'Nia C.', false, false, '2025-11-08 15:40:00+00'),
  ('5eed0001-0000-4000-8000-000000000017', '5eed0000-0000-4000-8000-000000000013', 'irie-locs', 5,
   'Non-toxic and I can tell',
   'My scalp usually reacts to synthetic hair. No itch and no burning with Irie Locs. That alone earns five stars.',
   'Tariq B.', true, true, '2025-03-15 10:30:00+00'),
  ('5eed0001-0000-4000-8000-000000000018', '5eed0000-0000-4000-8000-000000000015', 'irie-locs', 4,
   'Great everyday locs',
   'Lightweight and easy to maintain. 26 inches is long, so plan on a satin scarf for sleeping.',
   'Jasmine E.', true, true, '2025-05-04 21:15:00+00'),
  ('5eed0001-0000-4000-8000-000000000019', '5eed0000-0000-4000-8000-000000000014', 'irie-locs', 5,
   'Beach-proof',
   'Wore them through a week of sun and salt water. A quick rinse and they looked like new.',
   'Nia C.', true, true, '2025-08-16 14:05:00+00'),
  ('5eed0001-0000-4000-8000-000000000020', '5eed0000-0000-4000-8000-000000000012', 'irie-locs', 3,
   'Nice, but check the shade first',
   'The quality is good. I ordered Brown and it read cooler than I expected against my skin tone, so book the free consultation before you pick a color.',
   'Keisha W.', false, true, '2025-09-03 09:40:00+00'),
  ('5eed0001-0000-4000-8000-000000000021', '5eed0000-0000-4000-8000-000000000011', 'jah-locs', 5,
   'Worth every cent',
   '100% human hair and it shows. I ordered 40 locs at 24-26 inches; processing took just under four weeks and they were worth the wait.',
   'Amara J.', true, true, '2025-01-29 13:35:00+00'),
  ('5eed0001-0000-4000-8000-000000000022', '5eed0000-0000-4000-8000-000000000016', 'jah-locs', 5,
   'Moves like my own hair',
   'Size SM is perfect for a full install. They move, take dye and age exactly like natural locs.',
   'Marcus R.', true, true, '2025-04-10 18:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000023', '5eed0000-0000-4000-8000-000000000014', 'jah-locs', 4,
   'Beautiful, plan ahead',
   'Absolutely beautiful human hair locs. Processing took the full four weeks, so order well ahead of a trip.',
   'Nia C.', true, true, '2025-06-25 11:50:00+00'),
  ('5eed0001-0000-4000-8000-000000000024', '5eed0000-0000-4000-8000-000000000013', 'jah-locs', 5,
   'Heirloom quality',
   'My third set of Jah Locs. Clear pricing, a deposit up front and the balance before shipping, no surprises.',
   'Tariq B.', true, true, '2025-10-19 16:15:00+00'),
  ('5eed0001-0000-4000-8000-000000000025', '5eed0000-0000-4000-8000-000000000015', 'diy-kit', 5,
   'Did my own install in one weekend',
   'The starter kit had everything: three Trinity bundles, wrapping hair, the crochet hook and care cards. The video tutorial walked me through every step.',
   'Jasmine E.', false, true, '2025-03-22 12:10:00+00'),
  ('5eed0001-0000-4000-8000-000000000026', '5eed0000-0000-4000-8000-000000000012', 'diy-kit', 4,
   'Great kit for beginners',
   'Clear instructions and quality hair. My arms got tired, so invite a friend to help with the back.',
   'Keisha W.', false, true, '2025-06-07 15:30:00+00'),
  ('5eed0001-0000-4000-8000-000000000027', '5eed0000-0000-4000-8000-000000000016', 'diy-kit', 4,
   'The premium kit is the sweet spot',
   'The premium kit gave me enough hair for a full head, and removal was as easy as the tutorial promised.',
   'Marcus R.', false, true, '2025-09-14 10:45:00+00'),
  ('5eed0001-0000-4000-8000-000000000028', '5eed0000-0000-4000-8000-000000000014', 'lock-kit', 5,
   'Built it exactly my way',
   'The configurator let me choose size, length and color, and the beads pack was a lovely touch. It shipped in three days.',
   'Nia C.', true, true, '2025-05-11 09:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000029', '5eed0000-0000-4000-8000-000000000011', 'lock-kit', 4,
   'Great custom kit',
   'I added the satin bag and wrapping hair. The Honey Blonde cost a little extra but it is gorgeous.',
   'Amara J.', false, true, '2025-07-19 17:35:00+00'),
  ('5eed0001-0000-4000-8000-000000000030', '5eed0000-0000-4000-8000-000000000013', 'lock-kit', 3,
   'Good kit, measure twice',
   'The hair quality is good. I chose the wrong length and kits are final sale, so measure twice before you order.',
   'Tariq B.', false, true, '2025-10-02 13:20:00+00'),
  ('5eed0001-0000-4000-8000-000000000031', '5eed0000-0000-4000-8000-000000000012', 'protective-style-planner', 5,
   'My hair journey finally has a plan',
   'The ritual tracker and wash-day templates keep me consistent. I printed the monthly pages and the sticker book lives on my mirror.',
   'Keisha W.', false, true, '2025-02-20 20:00:00+00'),
  ('5eed0001-0000-4000-8000-000000000032', '5eed0000-0000-4000-8000-000000000015', 'protective-style-planner', 5,
   'Worth it for the install checklist',
   'The Run the Install checklist saved my DIY weekend, and the hyperlinked tabs make it easy to jump around on my tablet.',
   'Jasmine E.', true, true, '2025-05-28 08:30:00+00'),
  ('5eed0001-0000-4000-8000-000000000033', '5eed0000-0000-4000-8000-000000000016', 'protective-style-planner', 4,
   'Helpful, with lots to explore',
   'There are so many templates that it took me a week to find my rhythm. Now I plan with the product pantry page every Sunday.',
   'Marcus R.', true, true, '2025-08-08 19:45:00+00'),
  ('5eed0001-0000-4000-8000-000000000034', '5eed0000-0000-4000-8000-000000000014', 'protective-style-planner', 5,
   'The community is the bonus',
   'The broadcast channel tips and the quarterly updates keep the planner fresh. Best thirteen dollars I have spent on my hair.',
   'Nia C.', true, true, '2025-11-01 11:25:00+00')
on conflict (id) do nothing;

-- ---------------------------------------------------------------- review media
insert into public.review_media (id, review_id, file_path, file_type, file_size, created_at) values
  ('5eed0002-0000-4000-8000-000000000001', '5eed0001-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/0.png', 'image/png', 248312, '2025-02-14 15:20:00+00'),
  ('5eed0002-0000-4000-8000-000000000002', '5eed0001-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/1.png', 'image/png', 186044, '2025-02-14 15:20:00+00'),
  ('5eed0002-0000-4000-8000-000000000003', '5eed0001-0000-4000-8000-000000000012', '5eed0000-0000-4000-8000-000000000015/5eed0001-0000-4000-8000-000000000012/0.png', 'image/png', 201776, '2025-02-02 17:00:00+00'),
  ('5eed0002-0000-4000-8000-000000000004', '5eed0001-0000-4000-8000-000000000021', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000021/0.png', 'image/png', 312908, '2025-01-29 13:35:00+00'),
  ('5eed0002-0000-4000-8000-000000000005', '5eed0001-0000-4000-8000-000000000006', '5eed0000-0000-4000-8000-000000000016/5eed0001-0000-4000-8000-000000000006/0.png', 'image/png', 158420, '2025-11-02 20:10:00+00')
on conflict (id) do nothing;

-- ---------------------------------------------------------------- planner gallery
-- image_url is the object's path on the project's API (migration stored_paths): the widgets build the
-- URL from the address the page was built for (widgets/core/public.ts mediaUrl), so no row names a
-- host or a port and one seeded database serves a stack on any address.
insert into public.planner_gallery (id, image_url, alt_text, display_order, is_active, file_type, created_at)
select g.id::uuid, '/storage/v1/object/public/planner-gallery/' || g.name, g.alt_text, g.display_order, g.is_active, 'image', g.created_at::timestamptz
from (values
  ('5eed0003-0000-4000-8000-000000000001', 'seed/1.png', 'Crown Planner cover with a gold crown on deep green', 0, true, '2025-01-10 09:01:00+00'),
  ('5eed0003-0000-4000-8000-000000000002', 'seed/2.png', 'Wash-day ritual tracker page', 1, true, '2025-01-10 09:02:00+00'),
  ('5eed0003-0000-4000-8000-000000000003', 'seed/3.png', 'Protective style install checklist', 2, true, '2025-01-10 09:03:00+00'),
  ('5eed0003-0000-4000-8000-000000000004', 'seed/4.png', 'Digital sticker book preview', 3, false, '2025-01-10 09:04:00+00')
) as g(id, name, alt_text, display_order, is_active, created_at)
on conflict (id) do nothing;

-- ---------------------------------------------------------------- storage objects
-- The rows Storage keeps for the files above (metadata as Storage writes it), owned by their uploader.
insert into storage.objects (bucket_id, name, owner, owner_id, metadata, created_at, updated_at, last_accessed_at)
select o.bucket_id, o.name, o.owner::uuid, o.owner, jsonb_build_object(
         'eTag', '"' || md5(o.name) || '"', 'size', o.size, 'mimetype', o.mimetype, 'cacheControl', 'max-age=3600',
         'lastModified', to_char(o.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'contentLength', o.size, 'httpStatusCode', 200),
       o.at, o.at, o.at
from (values
  ('review-media', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/0.png', 'image/png', 248312, '5eed0000-0000-4000-8000-000000000011', timestamptz '2025-02-14 15:20:00+00'),
  ('review-media', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000001/1.png', 'image/png', 186044, '5eed0000-0000-4000-8000-000000000011', timestamptz '2025-02-14 15:20:00+00'),
  ('review-media', '5eed0000-0000-4000-8000-000000000015/5eed0001-0000-4000-8000-000000000012/0.png', 'image/png', 201776, '5eed0000-0000-4000-8000-000000000015', timestamptz '2025-02-02 17:00:00+00'),
  ('review-media', '5eed0000-0000-4000-8000-000000000011/5eed0001-0000-4000-8000-000000000021/0.png', 'image/png', 312908, '5eed0000-0000-4000-8000-000000000011', timestamptz '2025-01-29 13:35:00+00'),
  ('review-media', '5eed0000-0000-4000-8000-000000000016/5eed0001-0000-4000-8000-000000000006/0.png', 'image/png', 158420, '5eed0000-0000-4000-8000-000000000016', timestamptz '2025-11-02 20:10:00+00'),
  ('planner-gallery', 'seed/1.png', 'image/png', 96512, '5eed0000-0000-4000-8000-000000000001', timestamptz '2025-01-10 09:00:00+00'),
  ('planner-gallery', 'seed/2.png', 'image/png', 88320, '5eed0000-0000-4000-8000-000000000001', timestamptz '2025-01-10 09:00:00+00'),
  ('planner-gallery', 'seed/3.png', 'image/png', 91136, '5eed0000-0000-4000-8000-000000000001', timestamptz '2025-01-10 09:00:00+00'),
  ('planner-gallery', 'seed/4.png', 'image/png', 84480, '5eed0000-0000-4000-8000-000000000001', timestamptz '2025-01-10 09:00:00+00')
) as o (bucket_id, name, mimetype, size, owner, at)
on conflict (bucket_id, name) do nothing;

-- ---------------------------------------------------------------- the business inbox
-- What visitors sent, as lead-capture and newsletter-signup store it (payload = the validated fields).
-- No notification column for the seeded leads: the dev inbox has no mail for them.
insert into public.leads (id, kind, email, payload, source_page, inbox_status, created_at) values
  ('5eed0004-0000-4000-8000-000000000001', 'partnership', 'bookings@crownandcoil.example',
   '{"name": "Dana Whitfield", "email": "bookings@crownandcoil.example", "company": "Crown & Coil Salon", "partnershipType": "supplier", "message": "We install faux locs most weekends and would like to stock your handmade locs. Could you send wholesale terms?"}',
   '/partners', 'new', '2025-11-12 14:05:00+00'),
  ('5eed0004-0000-4000-8000-000000000002', 'beta_request', 'tasha.greene@example.com',
   '{"name": "Tasha Greene", "email": "tasha.greene@example.com", "role": "Loctician", "message": "I plan installs for twelve clients a month and would love to try the planner tools."}',
   '/beta', 'new', '2025-11-10 09:30:00+00'),
  ('5eed0004-0000-4000-8000-000000000003', 'notify', 'leon.harris@example.com',
   '{"name": "Leon Harris", "email": "leon.harris@example.com"}',
   '/products/diy-kit', 'handled', '2025-10-02 18:45:00+00')
on conflict (id) do nothing;

insert into public.subscribers (id, email, list, name, source_page, consent_text_version, subscribed_at, created_at, updated_at, inbox_status) values
  ('5eed0005-0000-4000-8000-000000000001', 'imani.scott@example.com', 'newsletter', 'Imani Scott', '/', '2025-01',
   '2025-11-11 20:15:00+00', '2025-11-11 20:15:00+00', '2025-11-11 20:15:00+00', 'new'),
  -- The waiting list stores no name and its own consent wording (20261201000300_waitlist_consent.sql).
  ('5eed0005-0000-4000-8000-000000000002', 'rohan.baptiste@example.com', 'diy-kit-waitlist', null, '/products/diy-kit', 'waitlist-2025-01',
   '2025-11-09 16:40:00+00', '2025-11-09 16:40:00+00', '2025-11-09 16:40:00+00', 'new')
on conflict (id) do nothing;

-- Their consent, as the ledger records it at sign-up (overriding the identity so the rows are fixed).
insert into public.subscriber_consents (id, subscriber_id, action, consent_text_version, source_page, created_at)
overriding system value values
  (-1, '5eed0005-0000-4000-8000-000000000001', 'subscribe', '2025-01', '/', '2025-11-11 20:15:00+00'),
  (-2, '5eed0005-0000-4000-8000-000000000002', 'subscribe', 'waitlist-2025-01', '/products/diy-kit', '2025-11-09 16:40:00+00')
on conflict (id) do nothing;

-- ---------------------------------------------------------------- merchant replies
-- The stamp trigger dates a reply by the clock (20261123000600_review_replies.sql); the seed's reply keeps
-- its own dates, so pages and screenshots show the same day whenever the seed ran.
alter table public.review_replies disable trigger review_replies_stamp;
insert into public.review_replies (review_id, content, created_at, updated_at) values
  ('5eed0001-0000-4000-8000-000000000005',
   'Thank you, Jasmine! You are right that 24 inches carries more weight while the locs settle. Message us when you reorder and we will help you pick a length.',
   '2025-08-31 10:00:00+00', '2025-08-31 10:00:00+00')
on conflict (review_id) do nothing;
alter table public.review_replies enable trigger review_replies_stamp;

-- ---------------------------------------------------------------- /links click counts
-- Two weeks of clicks on the link-in-bio page (issue #22), dated back from the day the seed runs, so the
-- admin screen's "today", "7 days" and "30 days" always have numbers. The screen names days relatively
-- ("Today", "3 days ago"), so its screenshots stay the same whatever the date.
insert into public.link_clicks (link, day, clicks)
select l.link, (now() at time zone 'America/New_York')::date - d.n, greatest(0, l.base - d.n / 2 + (d.n * 7 + l.base) % 4)
from (values ('book', 14), ('shop', 9), ('handmade-locs', 6), ('crown-planner', 4), ('vault', 5), ('website', 2), ('instagram', 3), ('tiktok', 2))
  as l (link, base),
  generate_series(0, 13) as d (n)
on conflict (link, day) do nothing;
-- ---------------------------------------------------------------- orders
-- Amara Johnson's orders, one in each state a customer meets (docs/commerce.md#order-pages), so My
-- Account's list and the order pages' states have something to show (the states catalogue: the
-- `customer` session signs in as her). Amounts, names and options are what shared/cart.ts prices for
-- these lines (written out here; tests/backend/seed.test.ts prices them again): 01 paid (Trinity Locs and
-- the planner bundle, $8 shipping), 02 deposit paid (Jah Locs 24-26 in, MD, multi-tone, 40 locs: $198 of
-- $395 paid, $197 due before shipping), 03 awaiting payment, 04 payment processing (the planner PDF),
-- 05 payment failed (a kit, with the kit terms ticked), 06 checkout expired, 07 refunded. Their order-page
-- links are /order?token=seed-order-<status>-token (local only: this file never reaches a hosted project).
-- Paid orders carry their numbers (KYB-1001, 1002, 1004, 1007); the unpaid ones (03, 05, 06) have none,
-- as checkout leaves them (a number is given on payment: migration checkout_carts). The history ids are
-- negative, in time order, so they never meet the identity's.
insert into public.orders (id, number, user_id, email, customer_name, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, paid_cents, refunded_cents, needs_shipping, shipping_address, kit_terms_version, kit_terms_accepted_at, access_token, created_at, updated_at, paid_at) values
  ('5eed0006-0000-4000-8000-000000000001', 1001, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', 'Amara Johnson', 'paid', 12500, 800, 13300, 13300, 13300, 0, true, '{"name":"Amara Johnson","line1":"482 Edgewood Ave SE","line2":"Apt 3","city":"Atlanta","state":"GA","postal_code":"30312","country":"US"}', null, null, 'seed-order-paid-token', '2025-09-14 15:20:00+00', '2025-09-14 15:22:00+00', '2025-09-14 15:22:00+00'),
  ('5eed0006-0000-4000-8000-000000000002', 1002, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', 'Amara Johnson', 'deposit_paid', 39500, 0, 39500, 19800, 19800, 0, true, '{"name":"Amara Johnson","line1":"482 Edgewood Ave SE","line2":"Apt 3","city":"Atlanta","state":"GA","postal_code":"30312","country":"US"}', null, null, 'seed-order-deposit-paid-token', '2025-11-03 18:05:00+00', '2025-11-03 18:07:00+00', '2025-11-03 18:07:00+00'),
  ('5eed0006-0000-4000-8000-000000000003', null, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', null, 'pending', 7800, 800, 8600, 8600, 0, 0, true, null, null, null, 'seed-order-pending-token', '2025-11-20 21:40:00+00', '2025-11-20 21:40:00+00', null),
  ('5eed0006-0000-4000-8000-000000000004', 1004, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', 'Amara Johnson', 'processing', 1300, 0, 1300, 1300, 0, 0, false, null, null, null, 'seed-order-processing-token', '2025-11-18 12:10:00+00', '2025-11-18 12:12:00+00', null),
  ('5eed0006-0000-4000-8000-000000000005', null, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', null, 'payment_failed', 16500, 0, 16500, 16500, 0, 0, true, null, '2026-11', '2025-10-27 09:30:00+00', 'seed-order-payment-failed-token', '2025-10-27 09:30:00+00', '2025-10-27 09:33:00+00', null),
  ('5eed0006-0000-4000-8000-000000000006', null, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', null, 'expired', 15800, 0, 15800, 15800, 0, 0, true, null, null, null, 'seed-order-expired-token', '2025-10-05 17:00:00+00', '2025-10-05 18:00:00+00', null),
  ('5eed0006-0000-4000-8000-000000000007', 1007, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', 'Amara Johnson', 'refunded', 1300, 0, 1300, 1300, 1300, 1300, false, null, null, null, 'seed-order-refunded-token', '2025-08-22 10:15:00+00', '2025-08-25 11:00:00+00', '2025-08-22 10:16:00+00')
on conflict (id) do nothing;

insert into public.order_items (id, order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital) values
  ('5eed0007-0000-4000-8000-000000000010', '5eed0006-0000-4000-8000-000000000001', 0, 'trinity-locs', 'Trinity Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Black']::text[], '{"length":20,"size":"MD","color":"black"}', 9800, 1, 9800, 9800, false),
  ('5eed0007-0000-4000-8000-000000000011', '5eed0006-0000-4000-8000-000000000001', 1, 'crown-planner', 'Crown Planner Bundle', array['Digital download']::text[], '{"tier":"bundle"}', 2700, 1, 2700, 2700, true),
  ('5eed0007-0000-4000-8000-000000000020', '5eed0006-0000-4000-8000-000000000002', 0, 'jah-locs', 'Jah Locs', array['Length: 24-26 in', 'Size: MD (1.2-1.5 cm)', 'Color: Multi-tone (custom)', '40 locs (2 bundles of 20)']::text[], '{"length":"24-26","size":"MD","color":"multi-tone","quantity":40}', 39500, 1, 39500, 19800, false),
  ('5eed0007-0000-4000-8000-000000000030', '5eed0006-0000-4000-8000-000000000003', 0, 'irie-locs', 'Irie Locs', array['Length: 16 in', 'Size: SM (0.6-0.8 cm)', 'Color: Brown']::text[], '{"length":16,"size":"SM","color":"brown"}', 7800, 1, 7800, 7800, false),
  ('5eed0007-0000-4000-8000-000000000040', '5eed0006-0000-4000-8000-000000000004', 0, 'crown-planner', 'Crown Planner PDF', array['Digital download']::text[], '{"tier":"pdf"}', 1300, 1, 1300, 1300, true),
  ('5eed0007-0000-4000-8000-000000000050', '5eed0006-0000-4000-8000-000000000005', 0, 'lock-kit', 'Custom DIY Loc Kit', array['Size: SM (0.6-0.8 cm)', '40 locs', 'Length: 16-18 in', 'Color: Burgundy', 'Add-ons: Wrapping hair, Satin bag']::text[], '{"size":"SM","count":40,"length":"16-18","color":"burgundy","addOns":["wrapping-hair","satin-bag"]}', 16500, 1, 16500, 16500, false),
  ('5eed0007-0000-4000-8000-000000000060', '5eed0006-0000-4000-8000-000000000006', 0, 'handmade-locs', 'Handmade Faux Locs', array[]::text[], '{}', 7900, 2, 15800, 15800, false),
  ('5eed0007-0000-4000-8000-000000000070', '5eed0006-0000-4000-8000-000000000007', 0, 'crown-planner', 'Crown Planner PDF', array['Digital download']::text[], '{"tier":"pdf"}', 1300, 1, 1300, 1300, true)
on conflict (id) do nothing;

insert into public.order_payments (id, order_id, kind, amount_cents, status, checkout_session_id, payment_intent_id, refunded_cents, created_at, paid_at) values
  ('5eed0008-0000-4000-8000-000000000001', '5eed0006-0000-4000-8000-000000000001', 'full', 13300, 'paid', 'cs_test_seed_01', 'pi_seed_01', 0, '2025-09-14 15:20:00+00', '2025-09-14 15:22:00+00'),
  ('5eed0008-0000-4000-8000-000000000002', '5eed0006-0000-4000-8000-000000000002', 'deposit', 19800, 'paid', 'cs_test_seed_02', 'pi_seed_02', 0, '2025-11-03 18:05:00+00', '2025-11-03 18:07:00+00'),
  ('5eed0008-0000-4000-8000-000000000003', '5eed0006-0000-4000-8000-000000000003', 'full', 8600, 'open', 'cs_test_seed_03', null, 0, '2025-11-20 21:40:00+00', null),
  ('5eed0008-0000-4000-8000-000000000004', '5eed0006-0000-4000-8000-000000000004', 'full', 1300, 'processing', 'cs_test_seed_04', 'pi_seed_04', 0, '2025-11-18 12:10:00+00', null),
  ('5eed0008-0000-4000-8000-000000000005', '5eed0006-0000-4000-8000-000000000005', 'full', 16500, 'failed', 'cs_test_seed_05', null, 0, '2025-10-27 09:30:00+00', null),
  ('5eed0008-0000-4000-8000-000000000006', '5eed0006-0000-4000-8000-000000000006', 'full', 15800, 'expired', 'cs_test_seed_06', null, 0, '2025-10-05 17:00:00+00', null),
  ('5eed0008-0000-4000-8000-000000000007', '5eed0006-0000-4000-8000-000000000007', 'full', 1300, 'paid', 'cs_test_seed_07', 'pi_seed_07', 1300, '2025-08-22 10:15:00+00', '2025-08-22 10:16:00+00')
on conflict (id) do nothing;

insert into public.order_events (id, order_id, status, note, source, created_at)
overriding system value values
  (-1000, '5eed0006-0000-4000-8000-000000000001', 'pending', null, 'checkout', '2025-09-14 15:20:00+00'),
  (-999, '5eed0006-0000-4000-8000-000000000001', 'paid', null, 'stripe', '2025-09-14 15:22:00+00'),
  (-998, '5eed0006-0000-4000-8000-000000000002', 'pending', null, 'checkout', '2025-11-03 18:05:00+00'),
  (-997, '5eed0006-0000-4000-8000-000000000002', 'deposit_paid', null, 'stripe', '2025-11-03 18:07:00+00'),
  (-996, '5eed0006-0000-4000-8000-000000000003', 'pending', null, 'checkout', '2025-11-20 21:40:00+00'),
  (-995, '5eed0006-0000-4000-8000-000000000004', 'pending', null, 'checkout', '2025-11-18 12:10:00+00'),
  (-994, '5eed0006-0000-4000-8000-000000000004', 'processing', null, 'stripe', '2025-11-18 12:12:00+00'),
  (-993, '5eed0006-0000-4000-8000-000000000005', 'pending', null, 'checkout', '2025-10-27 09:30:00+00'),
  (-992, '5eed0006-0000-4000-8000-000000000005', 'payment_failed', null, 'stripe', '2025-10-27 09:33:00+00'),
  (-991, '5eed0006-0000-4000-8000-000000000006', 'pending', null, 'checkout', '2025-10-05 17:00:00+00'),
  (-990, '5eed0006-0000-4000-8000-000000000006', 'expired', null, 'stripe', '2025-10-05 18:00:00+00'),
  (-989, '5eed0006-0000-4000-8000-000000000007', 'pending', null, 'checkout', '2025-08-22 10:15:00+00'),
  (-988, '5eed0006-0000-4000-8000-000000000007', 'paid', null, 'stripe', '2025-08-22 10:16:00+00'),
  (-987, '5eed0006-0000-4000-8000-000000000007', 'refunded', 'Refunded $13.00 in all', 'stripe', '2025-08-25 11:00:00+00')
on conflict (id) do nothing;

-- ---------------------------------------------------------------- orders the business runs
-- After payment (issue #21, docs/commerce.md#fulfilment): one order in each status the studio moves an
-- order through, so the admin's orders screen, its count and the customer's order page show each step
-- (the states catalogue and the visual suite). Priced as shared/cart.ts prices them (tests/backend/seed.test.ts
-- prices them again); the numbers follow Amara Johnson's (KYB-1008 to KYB-1012, in this order):
--   08 in production: Tariq Brown's Jah Locs, the deposit paid ($53 of $105);
--   09 ready, balance requested: Nia Campbell's Jah Locs ($110 of $220 paid; the balance e-mail sent);
--   10 shipped: Marcus Reid's Jah Locs and the planner PDF, deposit and balance paid, USPS tracking;
--   11 delivered, review request sent: Jasmine Ebanks's Irie Locs, delivered and asked for a review;
--   12 cancelled: a guest's handmade locs, paid, cancelled before production.
-- Order-page links /order?token=seed-order-<status>-token; e-mails as the functions record them
-- (order_mails), for Amara Johnson's paid orders too. The history ids go on below hers.
insert into public.orders (id, number, user_id, email, customer_name, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, paid_cents, refunded_cents, needs_shipping, shipping_address, kit_terms_version, kit_terms_accepted_at, access_token, carrier, tracking_number, created_at, updated_at, paid_at, balance_requested_at, shipped_at, delivered_at) values
  ('5eed0006-0000-4000-8000-000000000008', 1008, '5eed0000-0000-4000-8000-000000000013', 'tariq.brown@example.com', 'Tariq Brown', 'in_production', 10500, 0, 10500, 5300, 5300, 0, true, '{"name":"Tariq Brown","line1":"1207 Frankford Ave","line2":null,"city":"Philadelphia","state":"PA","postal_code":"19125","country":"US"}', null, null, 'seed-order-in-production-token', null, null, '2025-11-10 16:30:00+00', '2025-11-12 09:15:00+00', '2025-11-10 16:32:00+00', null, null, null),
  ('5eed0006-0000-4000-8000-000000000009', 1009, '5eed0000-0000-4000-8000-000000000014', 'nia.campbell@example.com', 'Nia Campbell', 'ready', 22000, 0, 22000, 11000, 11000, 0, true, '{"name":"Nia Campbell","line1":"88 Linden Blvd","line2":"Fl 2","city":"Brooklyn","state":"NY","postal_code":"11226","country":"US"}', null, null, 'seed-order-ready-token', null, null, '2025-10-20 13:00:00+00', '2025-11-19 15:40:00+00', '2025-10-20 13:02:00+00', '2025-11-19 15:40:00+00', null, null),
  ('5eed0006-0000-4000-8000-000000000010', 1010, '5eed0000-0000-4000-8000-000000000016', 'marcus.reid@example.com', 'Marcus Reid', 'shipped', 17300, 0, 17300, 9300, 17300, 0, true, '{"name":"Marcus Reid","line1":"4410 Crenshaw Blvd","line2":null,"city":"Los Angeles","state":"CA","postal_code":"90043","country":"US"}', null, null, 'seed-order-shipped-token', 'USPS', '9400111899223847561234', '2025-10-02 19:45:00+00', '2025-11-18 17:20:00+00', '2025-10-02 19:47:00+00', '2025-10-28 10:00:00+00', '2025-11-18 17:20:00+00', null),
  ('5eed0006-0000-4000-8000-000000000011', 1011, '5eed0000-0000-4000-8000-000000000015', 'jasmine.ebanks@example.com', 'Jasmine Ebanks', 'delivered', 9100, 800, 9900, 9900, 9900, 0, true, '{"name":"Jasmine Ebanks","line1":"19 Peachtree Pl NW","line2":null,"city":"Atlanta","state":"GA","postal_code":"30309","country":"US"}', null, null, 'seed-order-delivered-token', 'UPS', '1Z999AA10123456784', '2025-09-02 11:05:00+00', '2025-09-22 12:00:00+00', '2025-09-02 11:06:00+00', null, '2025-09-11 14:00:00+00', '2025-09-15 18:30:00+00'),
  ('5eed0006-0000-4000-8000-000000000012', 1012, null, 'dana.okoye@example.net', 'Dana Okoye', 'cancelled', 7900, 800, 8700, 8700, 8700, 0, true, '{"name":"Dana Okoye","line1":"5 Harbor St","line2":null,"city":"Baltimore","state":"MD","postal_code":"21230","country":"US"}', null, null, 'seed-order-cancelled-token', null, null, '2025-11-16 20:10:00+00', '2025-11-17 10:05:00+00', '2025-11-16 20:12:00+00', null, null, null)
on conflict (id) do nothing;

insert into public.order_items (id, order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital) values
  ('5eed0007-0000-4000-8000-000000000080', '5eed0006-0000-4000-8000-000000000008', 0, 'jah-locs', 'Jah Locs', array['Length: 12-14 in', 'Size: SM (0.6-0.8 cm)', 'Color: Black', '20 locs (1 bundle of 20)']::text[], '{"length":"12-14","size":"SM","color":"black","quantity":20}', 10500, 1, 10500, 5300, false),
  ('5eed0007-0000-4000-8000-000000000090', '5eed0006-0000-4000-8000-000000000009', 0, 'jah-locs', 'Jah Locs', array['Length: 16-18 in', 'Size: XS (0.4 cm)', 'Color: Honey Blonde', '40 locs (2 bundles of 20)']::text[], '{"length":"16-18","size":"XS","color":"honey-blonde","quantity":40}', 22000, 1, 22000, 11000, false),
  ('5eed0007-0000-4000-8000-000000000100', '5eed0006-0000-4000-8000-000000000010', 0, 'jah-locs', 'Jah Locs', array['Length: 24-26 in', 'Size: MD (1.2-1.5 cm)', 'Color: Brown', '20 locs (1 bundle of 20)']::text[], '{"length":"24-26","size":"MD","color":"brown","quantity":20}', 16000, 1, 16000, 8000, false),
  ('5eed0007-0000-4000-8000-000000000101', '5eed0006-0000-4000-8000-000000000010', 1, 'crown-planner', 'Crown Planner PDF', array['Digital download']::text[], '{"tier":"pdf"}', 1300, 1, 1300, 1300, true),
  ('5eed0007-0000-4000-8000-000000000110', '5eed0006-0000-4000-8000-000000000011', 0, 'irie-locs', 'Irie Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Burgundy']::text[], '{"length":20,"size":"MD","color":"burgundy"}', 9100, 1, 9100, 9100, false),
  ('5eed0007-0000-4000-8000-000000000120', '5eed0006-0000-4000-8000-000000000012', 0, 'handmade-locs', 'Handmade Faux Locs', array[]::text[], '{}', 7900, 1, 7900, 7900, false)
on conflict (id) do nothing;

insert into public.order_payments (id, order_id, kind, amount_cents, status, checkout_session_id, payment_intent_id, refunded_cents, created_at, paid_at) values
  ('5eed0008-0000-4000-8000-000000000008', '5eed0006-0000-4000-8000-000000000008', 'deposit', 5300, 'paid', 'cs_test_seed_08', 'pi_seed_08', 0, '2025-11-10 16:30:00+00', '2025-11-10 16:32:00+00'),
  ('5eed0008-0000-4000-8000-000000000009', '5eed0006-0000-4000-8000-000000000009', 'deposit', 11000, 'paid', 'cs_test_seed_09', 'pi_seed_09', 0, '2025-10-20 13:00:00+00', '2025-10-20 13:02:00+00'),
  ('5eed0008-0000-4000-8000-000000000010', '5eed0006-0000-4000-8000-000000000010', 'deposit', 9300, 'paid', 'cs_test_seed_10', 'pi_seed_10', 0, '2025-10-02 19:45:00+00', '2025-10-02 19:47:00+00'),
  ('5eed0008-0000-4000-8000-000000000011', '5eed0006-0000-4000-8000-000000000010', 'balance', 8000, 'paid', 'cs_test_seed_10b', 'pi_seed_10b', 0, '2025-10-29 08:10:00+00', '2025-10-29 08:12:00+00'),
  ('5eed0008-0000-4000-8000-000000000012', '5eed0006-0000-4000-8000-000000000011', 'full', 9900, 'paid', 'cs_test_seed_11', 'pi_seed_11', 0, '2025-09-02 11:05:00+00', '2025-09-02 11:06:00+00'),
  ('5eed0008-0000-4000-8000-000000000013', '5eed0006-0000-4000-8000-000000000012', 'full', 8700, 'paid', 'cs_test_seed_12', 'pi_seed_12', 0, '2025-11-16 20:10:00+00', '2025-11-16 20:12:00+00')
on conflict (id) do nothing;

-- The next order paid takes the number after the highest seeded one.
select setval('public.orders_number_seq', (select max(number) from public.orders));

insert into public.order_events (id, order_id, status, note, source, created_at)
overriding system value values
  (-986, '5eed0006-0000-4000-8000-000000000008', 'pending', null, 'checkout', '2025-11-10 16:30:00+00'),
  (-985, '5eed0006-0000-4000-8000-000000000008', 'deposit_paid', null, 'stripe', '2025-11-10 16:32:00+00'),
  (-984, '5eed0006-0000-4000-8000-000000000008', 'in_production', 'Two bundles of black in the dye bath', 'admin', '2025-11-12 09:15:00+00'),
  (-983, '5eed0006-0000-4000-8000-000000000009', 'pending', null, 'checkout', '2025-10-20 13:00:00+00'),
  (-982, '5eed0006-0000-4000-8000-000000000009', 'deposit_paid', null, 'stripe', '2025-10-20 13:02:00+00'),
  (-981, '5eed0006-0000-4000-8000-000000000009', 'in_production', null, 'admin', '2025-10-22 10:00:00+00'),
  (-980, '5eed0006-0000-4000-8000-000000000009', 'ready', 'Balance of $110.00 requested', 'admin', '2025-11-19 15:40:00+00'),
  (-979, '5eed0006-0000-4000-8000-000000000010', 'pending', null, 'checkout', '2025-10-02 19:45:00+00'),
  (-978, '5eed0006-0000-4000-8000-000000000010', 'deposit_paid', null, 'stripe', '2025-10-02 19:47:00+00'),
  (-977, '5eed0006-0000-4000-8000-000000000010', 'in_production', null, 'admin', '2025-10-04 09:30:00+00'),
  (-976, '5eed0006-0000-4000-8000-000000000010', 'ready', 'Balance of $80.00 requested', 'admin', '2025-10-28 10:00:00+00'),
  (-975, '5eed0006-0000-4000-8000-000000000010', 'ready', 'Balance paid', 'stripe', '2025-10-29 08:12:00+00'),
  (-974, '5eed0006-0000-4000-8000-000000000010', 'shipped', 'USPS 9400111899223847561234', 'admin', '2025-11-18 17:20:00+00'),
  (-973, '5eed0006-0000-4000-8000-000000000011', 'pending', null, 'checkout', '2025-09-02 11:05:00+00'),
  (-972, '5eed0006-0000-4000-8000-000000000011', 'paid', null, 'stripe', '2025-09-02 11:06:00+00'),
  (-971, '5eed0006-0000-4000-8000-000000000011', 'in_production', null, 'admin', '2025-09-03 09:00:00+00'),
  (-970, '5eed0006-0000-4000-8000-000000000011', 'ready', null, 'admin', '2025-09-10 16:00:00+00'),
  (-969, '5eed0006-0000-4000-8000-000000000011', 'shipped', 'UPS 1Z999AA10123456784', 'admin', '2025-09-11 14:00:00+00'),
  (-968, '5eed0006-0000-4000-8000-000000000011', 'delivered', null, 'admin', '2025-09-15 18:30:00+00'),
  (-967, '5eed0006-0000-4000-8000-000000000011', 'delivered', 'Review request sent: Irie Locs', 'job', '2025-09-22 12:00:00+00'),
  (-966, '5eed0006-0000-4000-8000-000000000012', 'pending', null, 'checkout', '2025-11-16 20:10:00+00'),
  (-965, '5eed0006-0000-4000-8000-000000000012', 'paid', null, 'stripe', '2025-11-16 20:12:00+00'),
  (-964, '5eed0006-0000-4000-8000-000000000012', 'cancelled', 'Customer asked to cancel before production; refund to follow in Stripe', 'admin', '2025-11-17 10:05:00+00')
on conflict (id) do nothing;

insert into public.order_mails (order_id, kind, subject_key, status, attempts, claimed_at, sent_at) values
  ('5eed0006-0000-4000-8000-000000000001', 'confirmation', '', 'sent', 1, '2025-09-14 15:22:00+00', '2025-09-14 15:22:00+00'),
  ('5eed0006-0000-4000-8000-000000000001', 'business', '', 'sent', 1, '2025-09-14 15:22:00+00', '2025-09-14 15:22:00+00'),
  ('5eed0006-0000-4000-8000-000000000002', 'confirmation', '', 'sent', 1, '2025-11-03 18:07:00+00', '2025-11-03 18:07:00+00'),
  ('5eed0006-0000-4000-8000-000000000002', 'business', '', 'sent', 1, '2025-11-03 18:07:00+00', '2025-11-03 18:07:00+00'),
  ('5eed0006-0000-4000-8000-000000000007', 'confirmation', '', 'sent', 1, '2025-08-22 10:16:00+00', '2025-08-22 10:16:00+00'),
  ('5eed0006-0000-4000-8000-000000000007', 'business', '', 'sent', 1, '2025-08-22 10:16:00+00', '2025-08-22 10:16:00+00'),
  ('5eed0006-0000-4000-8000-000000000007', 'refund', '', 'sent', 1, '2025-08-25 11:00:00+00', '2025-08-25 11:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000008', 'confirmation', '', 'sent', 1, '2025-11-10 16:32:00+00', '2025-11-10 16:32:00+00'),
  ('5eed0006-0000-4000-8000-000000000008', 'business', '', 'sent', 1, '2025-11-10 16:32:00+00', '2025-11-10 16:32:00+00'),
  ('5eed0006-0000-4000-8000-000000000009', 'confirmation', '', 'sent', 1, '2025-10-20 13:02:00+00', '2025-10-20 13:02:00+00'),
  ('5eed0006-0000-4000-8000-000000000009', 'business', '', 'sent', 1, '2025-10-20 13:02:00+00', '2025-10-20 13:02:00+00'),
  ('5eed0006-0000-4000-8000-000000000009', 'balance_due', '', 'sent', 1, '2025-11-19 15:40:00+00', '2025-11-19 15:40:00+00'),
  ('5eed0006-0000-4000-8000-000000000010', 'confirmation', '', 'sent', 1, '2025-10-02 19:47:00+00', '2025-10-02 19:47:00+00'),
  ('5eed0006-0000-4000-8000-000000000010', 'business', '', 'sent', 1, '2025-10-02 19:47:00+00', '2025-10-02 19:47:00+00'),
  ('5eed0006-0000-4000-8000-000000000010', 'balance_due', '', 'sent', 1, '2025-10-28 10:00:00+00', '2025-10-28 10:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000010', 'shipped', '', 'sent', 1, '2025-11-18 17:20:00+00', '2025-11-18 17:20:00+00'),
  ('5eed0006-0000-4000-8000-000000000011', 'confirmation', '', 'sent', 1, '2025-09-02 11:06:00+00', '2025-09-02 11:06:00+00'),
  ('5eed0006-0000-4000-8000-000000000011', 'business', '', 'sent', 1, '2025-09-02 11:06:00+00', '2025-09-02 11:06:00+00'),
  ('5eed0006-0000-4000-8000-000000000011', 'shipped', '', 'sent', 1, '2025-09-11 14:00:00+00', '2025-09-11 14:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000011', 'review_request', 'irie-locs', 'sent', 1, '2025-09-22 12:00:00+00', '2025-09-22 12:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000012', 'confirmation', '', 'sent', 1, '2025-11-16 20:12:00+00', '2025-11-16 20:12:00+00'),
  ('5eed0006-0000-4000-8000-000000000012', 'business', '', 'sent', 1, '2025-11-16 20:12:00+00', '2025-11-16 20:12:00+00')
on conflict (order_id, kind, subject_key) do nothing;

-- ---------------------------------------------------------------- orders behind the verified reviews
-- A review says "Verified Purchase" only when its author's paid order holds the product (migration
-- verified_purchase; docs/reviews.md#verified-purchase): these delivered orders are the purchases the
-- seeded reviews above claim, dated before the reviews (KYB-1013 to KYB-1016, in this order):
--   13 Keisha Williams: handmade locs (two bundles) and Trinity Locs;
--   14 Nia Campbell: handmade locs, Irie Locs, a custom loc kit and the planner PDF;
--   15 Jasmine Ebanks: Trinity Locs in Honey Blonde and the planner PDF;
--   16 Tariq Brown: Irie Locs.
-- Every review request went out long ago, so the hourly job has nothing of theirs to send. Reviews of the
-- studio (holistic-haircare, booked, not ordered) and of the DIY Trinity Kit (Coming Soon: nobody could
-- buy it) claim no purchase.
insert into public.orders (id, user_id, email, customer_name, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, paid_cents, refunded_cents, needs_shipping, shipping_address, kit_terms_version, kit_terms_accepted_at, access_token, carrier, tracking_number, created_at, updated_at, paid_at, balance_requested_at, shipped_at, delivered_at) values
  ('5eed0006-0000-4000-8000-000000000013', '5eed0000-0000-4000-8000-000000000012', 'keisha.williams@example.com', 'Keisha Williams', 'delivered', 24200, 0, 24200, 24200, 24200, 0, true, '{"name":"Keisha Williams","line1":"915 Magazine St","line2":null,"city":"New Orleans","state":"LA","postal_code":"70130","country":"US"}', null, null, 'seed-order-keisha-token', 'USPS', '9400111899223847560013', '2025-03-10 14:00:00+00', '2025-03-28 12:00:00+00', '2025-03-10 14:02:00+00', null, '2025-03-18 11:00:00+00', '2025-03-21 17:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000014', '5eed0000-0000-4000-8000-000000000014', 'nia.campbell@example.com', 'Nia Campbell', 'delivered', 33700, 0, 33700, 33700, 33700, 0, true, '{"name":"Nia Campbell","line1":"88 Linden Blvd","line2":"Fl 2","city":"Brooklyn","state":"NY","postal_code":"11226","country":"US"}', '2026-11', '2025-04-14 10:00:00+00', 'seed-order-nia-token', 'UPS', '1Z999AA10123456785', '2025-04-14 10:00:00+00', '2025-05-06 12:00:00+00', '2025-04-14 10:03:00+00', null, '2025-04-25 10:00:00+00', '2025-04-29 18:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000015', '5eed0000-0000-4000-8000-000000000015', 'jasmine.ebanks@example.com', 'Jasmine Ebanks', 'delivered', 11100, 800, 11900, 11900, 11900, 0, true, '{"name":"Jasmine Ebanks","line1":"19 Peachtree Pl NW","line2":null,"city":"Atlanta","state":"GA","postal_code":"30309","country":"US"}', null, null, 'seed-order-jasmine-token', 'USPS', '9400111899223847560015', '2025-01-08 19:30:00+00', '2025-01-28 12:00:00+00', '2025-01-08 19:32:00+00', null, '2025-01-17 10:30:00+00', '2025-01-21 16:00:00+00'),
  ('5eed0006-0000-4000-8000-000000000016', '5eed0000-0000-4000-8000-000000000013', 'tariq.brown@example.com', 'Tariq Brown', 'delivered', 7800, 800, 8600, 8600, 8600, 0, true, '{"name":"Tariq Brown","line1":"1207 Frankford Ave","line2":null,"city":"Philadelphia","state":"PA","postal_code":"19125","country":"US"}', null, null, 'seed-order-tariq-token', 'FedEx', '771234567890', '2025-02-20 13:15:00+00', '2025-03-11 12:00:00+00', '2025-02-20 13:16:00+00', null, '2025-02-28 10:00:00+00', '2025-03-04 17:00:00+00')
on conflict (id) do nothing;

insert into public.order_items (id, order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital) values
  ('5eed0007-0000-4000-8000-000000000130', '5eed0006-0000-4000-8000-000000000013', 0, 'handmade-locs', 'Handmade Faux Locs', array[]::text[], '{}', 7900, 2, 15800, 15800, false),
  ('5eed0007-0000-4000-8000-000000000131', '5eed0006-0000-4000-8000-000000000013', 1, 'trinity-locs', 'Trinity Locs', array['Length: 16 in', 'Size: SM (0.6-0.8 cm)', 'Color: Burgundy']::text[], '{"length":16,"size":"SM","color":"burgundy"}', 8400, 1, 8400, 8400, false),
  ('5eed0007-0000-4000-8000-000000000140', '5eed0006-0000-4000-8000-000000000014', 0, 'handmade-locs', 'Handmade Faux Locs', array[]::text[], '{}', 7900, 1, 7900, 7900, false),
  ('5eed0007-0000-4000-8000-000000000141', '5eed0006-0000-4000-8000-000000000014', 1, 'irie-locs', 'Irie Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Black']::text[], '{"length":20,"size":"MD","color":"black"}', 9100, 1, 9100, 9100, false),
  ('5eed0007-0000-4000-8000-000000000142', '5eed0006-0000-4000-8000-000000000014', 2, 'lock-kit', 'Custom DIY Loc Kit', array['Size: MD (1.2-1.5 cm)', '40 locs', 'Length: 16-18 in', 'Color: Black', 'Add-ons: Beads pack']::text[], '{"size":"MD","count":40,"length":"16-18","color":"black","addOns":["beads-pack"]}', 15400, 1, 15400, 15400, false),
  ('5eed0007-0000-4000-8000-000000000143', '5eed0006-0000-4000-8000-000000000014', 3, 'crown-planner', 'Crown Planner PDF', array['Digital download']::text[], '{"tier":"pdf"}', 1300, 1, 1300, 1300, true),
  ('5eed0007-0000-4000-8000-000000000150', '5eed0006-0000-4000-8000-000000000015', 0, 'trinity-locs', 'Trinity Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Honey Blonde']::text[], '{"length":20,"size":"MD","color":"honey-blonde"}', 9800, 1, 9800, 9800, false),
  ('5eed0007-0000-4000-8000-000000000151', '5eed0006-0000-4000-8000-000000000015', 1, 'crown-planner', 'Crown Planner PDF', array['Digital download']::text[], '{"tier":"pdf"}', 1300, 1, 1300, 1300, true),
  ('5eed0007-0000-4000-8000-000000000160', '5eed0006-0000-4000-8000-000000000016', 0, 'irie-locs', 'Irie Locs', array['Length: 16 in', 'Size: MD (1.2-1.5 cm)', 'Color: Black']::text[], '{"length":16,"size":"MD","color":"black"}', 7800, 1, 7800, 7800, false)
on conflict (id) do nothing;

insert into public.order_payments (id, order_id, kind, amount_cents, status, checkout_session_id, payment_intent_id, refunded_cents, created_at, paid_at) values
  ('5eed0008-0000-4000-8000-000000000014', '5eed0006-0000-4000-8000-000000000013', 'full', 24200, 'paid', 'cs_test_seed_13', 'pi_seed_13', 0, '2025-03-10 14:00:00+00', '2025-03-10 14:02:00+00'),
  ('5eed0008-0000-4000-8000-000000000015', '5eed0006-0000-4000-8000-000000000014', 'full', 33700, 'paid', 'cs_test_seed_14', 'pi_seed_14', 0, '2025-04-14 10:00:00+00', '2025-04-14 10:03:00+00'),
  ('5eed0008-0000-4000-8000-000000000016', '5eed0006-0000-4000-8000-000000000015', 'full', 11900, 'paid', 'cs_test_seed_15', 'pi_seed_15', 0, '2025-01-08 19:30:00+00', '2025-01-08 19:32:00+00'),
  ('5eed0008-0000-4000-8000-000000000017', '5eed0006-0000-4000-8000-000000000016', 'full', 8600, 'paid', 'cs_test_seed_16', 'pi_seed_16', 0, '2025-02-20 13:15:00+00', '2025-02-20 13:16:00+00')
on conflict (id) do nothing;

insert into public.order_events (id, order_id, status, note, source, created_at)
overriding system value values
  (-963, '5eed0006-0000-4000-8000-000000000013', 'pending', null, 'checkout', '2025-03-10 14:00:00+00'),
  (-962, '5eed0006-0000-4000-8000-000000000013', 'paid', null, 'stripe', '2025-03-10 14:02:00+00'),
  (-961, '5eed0006-0000-4000-8000-000000000013', 'in_production', null, 'admin', '2025-03-11 09:00:00+00'),
  (-960, '5eed0006-0000-4000-8000-000000000013', 'ready', null, 'admin', '2025-03-17 16:00:00+00'),
  (-959, '5eed0006-0000-4000-8000-000000000013', 'shipped', 'USPS 9400111899223847560013', 'admin', '2025-03-18 11:00:00+00'),
  (-958, '5eed0006-0000-4000-8000-000000000013', 'delivered', null, 'admin', '2025-03-21 17:00:00+00'),
  (-957, '5eed0006-0000-4000-8000-000000000013', 'delivered', 'Review request sent: Handmade Faux Locs', 'job', '2025-03-28 12:00:00+00'),
  (-956, '5eed0006-0000-4000-8000-000000000013', 'delivered', 'Review request sent: Trinity Locs', 'job', '2025-03-28 12:00:00+00'),
  (-955, '5eed0006-0000-4000-8000-000000000014', 'pending', null, 'checkout', '2025-04-14 10:00:00+00'),
  (-954, '5eed0006-0000-4000-8000-000000000014', 'paid', null, 'stripe', '2025-04-14 10:03:00+00'),
  (-953, '5eed0006-0000-4000-8000-000000000014', 'in_production', null, 'admin', '2025-04-15 09:30:00+00'),
  (-952, '5eed0006-0000-4000-8000-000000000014', 'ready', null, 'admin', '2025-04-24 15:00:00+00'),
  (-951, '5eed0006-0000-4000-8000-000000000014', 'shipped', 'UPS 1Z999AA10123456785', 'admin', '2025-04-25 10:00:00+00'),
  (-950, '5eed0006-0000-4000-8000-000000000014', 'delivered', null, 'admin', '2025-04-29 18:00:00+00'),
  (-949, '5eed0006-0000-4000-8000-000000000014', 'delivered', 'Review request sent: Handmade Faux Locs', 'job', '2025-05-06 12:00:00+00'),
  (-948, '5eed0006-0000-4000-8000-000000000014', 'delivered', 'Review request sent: Irie Locs', 'job', '2025-05-06 12:00:00+00'),
  (-947, '5eed0006-0000-4000-8000-000000000014', 'delivered', 'Review request sent: Custom DIY Loc Kit', 'job', '2025-05-06 12:00:00+00'),
  (-946, '5eed0006-0000-4000-8000-000000000014', 'delivered', 'Review request sent: Crown Planner PDF', 'job', '2025-05-06 12:00:00+00'),
  (-945, '5eed0006-0000-4000-8000-000000000015', 'pending', null, 'checkout', '2025-01-08 19:30:00+00'),
  (-944, '5eed0006-0000-4000-8000-000000000015', 'paid', null, 'stripe', '2025-01-08 19:32:00+00'),
  (-943, '5eed0006-0000-4000-8000-000000000015', 'in_production', null, 'admin', '2025-01-09 09:00:00+00'),
  (-942, '5eed0006-0000-4000-8000-000000000015', 'ready', null, 'admin', '2025-01-16 15:00:00+00'),
  (-941, '5eed0006-0000-4000-8000-000000000015', 'shipped', 'USPS 9400111899223847560015', 'admin', '2025-01-17 10:30:00+00'),
  (-940, '5eed0006-0000-4000-8000-000000000015', 'delivered', null, 'admin', '2025-01-21 16:00:00+00'),
  (-939, '5eed0006-0000-4000-8000-000000000015', 'delivered', 'Review request sent: Trinity Locs', 'job', '2025-01-28 12:00:00+00'),
  (-938, '5eed0006-0000-4000-8000-000000000015', 'delivered', 'Review request sent: Crown Planner PDF', 'job', '2025-01-28 12:00:00+00'),
  (-937, '5eed0006-0000-4000-8000-000000000016', 'pending', null, 'checkout', '2025-02-20 13:15:00+00'),
  (-936, '5eed0006-0000-4000-8000-000000000016', 'paid', null, 'stripe', '2025-02-20 13:16:00+00'),
  (-935, '5eed0006-0000-4000-8000-000000000016', 'in_production', null, 'admin', '2025-02-21 09:00:00+00'),
  (-934, '5eed0006-0000-4000-8000-000000000016', 'ready', null, 'admin', '2025-02-27 15:00:00+00'),
  (-933, '5eed0006-0000-4000-8000-000000000016', 'shipped', 'FedEx 771234567890', 'admin', '2025-02-28 10:00:00+00'),
  (-932, '5eed0006-0000-4000-8000-000000000016', 'delivered', null, 'admin', '2025-03-04 17:00:00+00'),
  (-931, '5eed0006-0000-4000-8000-000000000016', 'delivered', 'Review request sent: Irie Locs', 'job', '2025-03-11 12:00:00+00')
on conflict (id) do nothing;

-- Each e-mail an order sends, as the functions record it: the receipt, the business's notice, the
-- shipment, and one review request per product (its review slug).
insert into public.order_mails (order_id, kind, subject_key, status, attempts, claimed_at, sent_at)
select o.id::uuid, m.kind, m.subject_key, 'sent', 1, m.at::timestamptz, m.at::timestamptz
from (values
  ('5eed0006-0000-4000-8000-000000000013', '2025-03-10 14:02:00+00', '2025-03-18 11:00:00+00', '2025-03-28 12:00:00+00', array['handmade-locs', 'trinity-locs']),
  ('5eed0006-0000-4000-8000-000000000014', '2025-04-14 10:03:00+00', '2025-04-25 10:00:00+00', '2025-05-06 12:00:00+00', array['handmade-locs', 'irie-locs', 'lock-kit', 'protective-style-planner']),
  ('5eed0006-0000-4000-8000-000000000015', '2025-01-08 19:32:00+00', '2025-01-17 10:30:00+00', '2025-01-28 12:00:00+00', array['trinity-locs', 'protective-style-planner']),
  ('5eed0006-0000-4000-8000-000000000016', '2025-02-20 13:16:00+00', '2025-02-28 10:00:00+00', '2025-03-11 12:00:00+00', array['irie-locs'])
) as o (id, paid, shipped, asked, slugs)
cross join lateral (
  values ('confirmation', '', o.paid), ('business', '', o.paid), ('shipped', '', o.shipped)
  union all
  select 'review_request', s, o.asked from unnest(o.slugs) s
) as m (kind, subject_key, at)
on conflict (order_id, kind, subject_key) do nothing;

-- ---------------------------------------------------------------- an order paid in full, ready to ship
-- KYB-1017: a guest's Trinity Locs, paid in full and ready, nothing left to pay: the one order whose
-- details offer the shipment form (carrier, tracking number, Mark shipped; the states catalogue's
-- kyb-admin-orders ship-form). A guest's, so no review claims it.
insert into public.orders (id, user_id, email, customer_name, status, subtotal_cents, shipping_cents, total_cents, due_at_checkout_cents, paid_cents, refunded_cents, needs_shipping, shipping_address, kit_terms_version, kit_terms_accepted_at, access_token, carrier, tracking_number, created_at, updated_at, paid_at, balance_requested_at, shipped_at, delivered_at) values
  ('5eed0006-0000-4000-8000-000000000017', null, 'zora.mensah@example.net', 'Zora Mensah', 'ready', 9800, 800, 10600, 10600, 10600, 0, true, '{"name":"Zora Mensah","line1":"230 Delmar Blvd","line2":null,"city":"St. Louis","state":"MO","postal_code":"63112","country":"US"}', null, null, 'seed-order-ready-paid-token', null, null, '2025-11-21 15:00:00+00', '2025-11-25 16:00:00+00', '2025-11-21 15:02:00+00', null, null, null)
on conflict (id) do nothing;

insert into public.order_items (id, order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital) values
  ('5eed0007-0000-4000-8000-000000000170', '5eed0006-0000-4000-8000-000000000017', 0, 'trinity-locs', 'Trinity Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Honey Blonde']::text[], '{"length":20,"size":"MD","color":"honey-blonde"}', 9800, 1, 9800, 9800, false)
on conflict (id) do nothing;

insert into public.order_payments (id, order_id, kind, amount_cents, status, checkout_session_id, payment_intent_id, refunded_cents, created_at, paid_at) values
  ('5eed0008-0000-4000-8000-000000000018', '5eed0006-0000-4000-8000-000000000017', 'full', 10600, 'paid', 'cs_test_seed_17', 'pi_seed_17', 0, '2025-11-21 15:00:00+00', '2025-11-21 15:02:00+00')
on conflict (id) do nothing;

insert into public.order_events (id, order_id, status, note, source, created_at)
overriding system value values
  (-930, '5eed0006-0000-4000-8000-000000000017', 'pending', null, 'checkout', '2025-11-21 15:00:00+00'),
  (-929, '5eed0006-0000-4000-8000-000000000017', 'paid', null, 'stripe', '2025-11-21 15:02:00+00'),
  (-928, '5eed0006-0000-4000-8000-000000000017', 'in_production', null, 'admin', '2025-11-22 09:00:00+00'),
  (-927, '5eed0006-0000-4000-8000-000000000017', 'ready', null, 'admin', '2025-11-25 16:00:00+00')
on conflict (id) do nothing;

insert into public.order_mails (order_id, kind, subject_key, status, attempts, claimed_at, sent_at) values
  ('5eed0006-0000-4000-8000-000000000017', 'confirmation', '', 'sent', 1, '2025-11-21 15:02:00+00', '2025-11-21 15:02:00+00'),
  ('5eed0006-0000-4000-8000-000000000017', 'business', '', 'sent', 1, '2025-11-21 15:02:00+00', '2025-11-21 15:02:00+00')
on conflict (order_id, kind, subject_key) do nothing;

-- The stripe-reconcile job's last run (docs/admin.md#orders: the reconcile line), 12 minutes before the
-- seed: it read Stripe's recent events and applied two the webhook had missed. The id is negative, so it
-- never meets the identity's; a real run (newer) is the one the line shows.
insert into public.stripe_reconcile_runs (id, started_at, finished_at, events_seen, repaired, repairs)
overriding system value values
  (-1, now() - interval '12 minutes', now() - interval '12 minutes' + interval '3 seconds', 14, 2,
   '[{"event": "evt_seed_reconcile_01", "type": "checkout.session.completed", "order_id": "5eed0006-0000-4000-8000-000000000008"},
     {"event": "evt_seed_reconcile_02", "type": "charge.refunded", "order_id": "5eed0006-0000-4000-8000-000000000007"}]')
on conflict (id) do nothing;

-- The Crown Planner's files (private bucket planner-files, one folder per tier), so the admin's files
-- panel and a paid planner order's Download have something to hand out. `npm start` writes a placeholder
-- PDF for each; upload the real ones on /admin/orders (Planner files).
-- seed-object: planner-files/pdf/crown-planner.pdf application/pdf
-- seed-object: planner-files/bundle/crown-planner.pdf application/pdf
-- seed-object: planner-files/bundle/sticker-book.pdf application/pdf
insert into storage.objects (bucket_id, name, owner, owner_id, metadata, created_at, updated_at, last_accessed_at)
select 'planner-files', o.name, '5eed0000-0000-4000-8000-000000000001'::uuid, '5eed0000-0000-4000-8000-000000000001', jsonb_build_object(
         'eTag', '"' || md5(o.name) || '"', 'size', o.size, 'mimetype', 'application/pdf', 'cacheControl', 'max-age=3600',
         'lastModified', to_char(o.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'contentLength', o.size, 'httpStatusCode', 200),
       o.at, o.at, o.at
from (values
  ('pdf/crown-planner.pdf', 4182016, timestamptz '2025-08-01 09:00:00+00'),
  ('bundle/crown-planner.pdf', 4182016, timestamptz '2025-08-01 09:00:00+00'),
  ('bundle/sticker-book.pdf', 1536204, timestamptz '2025-08-01 09:05:00+00')
) as o (name, size, at)
on conflict (bucket_id, name) do nothing;

-- ---------------------------------------------------------------- rewards
-- One seeded customer in each state of the rewards card (docs/rewards.md#what-the-member-sees; the states
-- catalogue's rewards sessions, supabase/local/admin-credentials.ts REWARDS_CREDENTIALS), as the
-- acuity-webhook function and the rewards-punches job would have left them: each past booking that counts
-- has its `visit` punch, a canceled one its punch taken back, and each marker reached its code, so the job
-- finds nothing to do. amara.okafor@gmail.com (the playground's member, not seeded) has no visit yet.
--   keisha.williams@example.com  3 visits (mid-card, New Friend), an appointment coming
--   nia.campbell@example.com     5 visits, the 10% code issued (a reward ready; new to the admin)
--   tariq.brown@example.com      4 visits, the 4th taken back (canceled after the fact): 3
--   amara.johnson@example.com    7 visits (Loyal Client), the 10% code used on order 1018
-- Acuity ids from 900001 up, far from the local Acuity's own (which count from 1). The coming
-- appointment's confirmation page has the shape of Acuity's client page; it leads nowhere locally.
insert into public.bookings (acuity_id, email, first_name, appointment_type, appointment_type_id, calendar_id, starts_at, ends_at, canceled, no_show, confirmation_page, first_seen_at, synced_at) values
  (900001, 'keisha.williams@example.com', 'Keisha', 'Loc Retwist', 1, 1, '2026-08-04 14:00:00+00', '2026-08-04 15:30:00+00', false, false, null, '2026-07-20 10:00:00+00', '2026-08-04 16:00:00+00'),
  (900002, 'keisha.williams@example.com', 'Keisha', 'Loc Retwist', 1, 1, '2026-09-15 14:00:00+00', '2026-09-15 15:30:00+00', false, false, null, '2026-09-01 10:00:00+00', '2026-09-15 16:00:00+00'),
  (900003, 'keisha.williams@example.com', 'Keisha', 'Scalp Detox and Style', 2, 1, '2026-10-27 15:00:00+00', '2026-10-27 16:15:00+00', false, false, null, '2026-10-10 10:00:00+00', '2026-10-27 17:00:00+00'),
  (900004, 'keisha.williams@example.com', 'Keisha', 'Loc Retwist', 1, 1, '2030-01-15 15:00:00+00', '2030-01-15 16:30:00+00', false, false,
   'https://kyb.as.me/schedule.php?action=appt&id%5B%5D=seed900004', '2026-11-20 10:00:00+00', '2026-11-20 10:00:00+00'),
  (900011, 'nia.campbell@example.com', 'Nia', 'Loc Retwist', 1, 1, '2026-05-05 14:00:00+00', '2026-05-05 15:30:00+00', false, false, null, '2026-05-01 10:00:00+00', '2026-05-05 16:00:00+00'),
  (900012, 'nia.campbell@example.com', 'Nia', 'Loc Retwist', 1, 1, '2026-06-16 14:00:00+00', '2026-06-16 15:30:00+00', false, false, null, '2026-06-01 10:00:00+00', '2026-06-16 16:00:00+00'),
  (900013, 'nia.campbell@example.com', 'Nia', 'Loc Retwist', 1, 1, '2026-07-28 14:00:00+00', '2026-07-28 15:30:00+00', false, false, null, '2026-07-10 10:00:00+00', '2026-07-28 16:00:00+00'),
  (900014, 'nia.campbell@example.com', 'Nia', 'Braid Takedown', 3, 1, '2026-09-08 14:00:00+00', '2026-09-08 15:00:00+00', false, false, null, '2026-09-01 10:00:00+00', '2026-09-08 16:00:00+00'),
  (900015, 'nia.campbell@example.com', 'Nia', 'Loc Retwist', 1, 1, '2026-11-17 14:00:00+00', '2026-11-17 15:30:00+00', false, false, null, '2026-11-01 10:00:00+00', '2026-11-17 16:00:00+00'),
  (900021, 'tariq.brown@example.com', 'Tariq', 'Starter Locs', 4, 1, '2026-06-02 13:00:00+00', '2026-06-02 16:00:00+00', false, false, null, '2026-05-20 10:00:00+00', '2026-06-02 17:00:00+00'),
  (900022, 'tariq.brown@example.com', 'Tariq', 'Loc Retwist', 1, 1, '2026-07-14 13:00:00+00', '2026-07-14 14:30:00+00', false, false, null, '2026-07-01 10:00:00+00', '2026-07-14 15:00:00+00'),
  (900023, 'tariq.brown@example.com', 'Tariq', 'Loc Retwist', 1, 1, '2026-08-25 13:00:00+00', '2026-08-25 14:30:00+00', false, false, null, '2026-08-10 10:00:00+00', '2026-08-25 15:00:00+00'),
  (900024, 'tariq.brown@example.com', 'Tariq', 'Loc Retwist', 1, 1, '2026-10-06 13:00:00+00', '2026-10-06 14:30:00+00', true, false, null, '2026-09-20 10:00:00+00', '2026-10-08 09:00:00+00'),
  (900031, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-03-04 14:00:00+00', '2025-03-04 15:30:00+00', false, false, null, '2025-02-20 10:00:00+00', '2025-03-04 16:00:00+00'),
  (900032, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-04-15 14:00:00+00', '2025-04-15 15:30:00+00', false, false, null, '2025-04-01 10:00:00+00', '2025-04-15 16:00:00+00'),
  (900033, 'amara.johnson@example.com', 'Amara', 'Scalp Detox and Style', 2, 1, '2025-05-27 14:00:00+00', '2025-05-27 15:15:00+00', false, false, null, '2025-05-10 10:00:00+00', '2025-05-27 16:00:00+00'),
  (900034, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-07-08 14:00:00+00', '2025-07-08 15:30:00+00', false, false, null, '2025-07-01 10:00:00+00', '2025-07-08 16:00:00+00'),
  (900035, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-08-19 14:00:00+00', '2025-08-19 15:30:00+00', false, false, null, '2025-08-01 10:00:00+00', '2025-08-19 16:00:00+00'),
  (900036, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-09-30 14:00:00+00', '2025-09-30 15:30:00+00', false, false, null, '2025-09-15 10:00:00+00', '2025-09-30 16:00:00+00'),
  (900037, 'amara.johnson@example.com', 'Amara', 'Loc Retwist', 1, 1, '2025-11-11 14:00:00+00', '2025-11-11 15:30:00+00', false, false, null, '2025-11-01 10:00:00+00', '2025-11-11 16:00:00+00')
on conflict (acuity_id) do nothing;

-- The punches: one `visit` an hour after each appointment that counts ended; Tariq's 4th taken back when
-- Acuity said it was canceled. Only when this address has none yet (punches have no natural key).
insert into public.punches (email, booking_id, change, reason, created_at)
select b.email, b.acuity_id, 1, 'visit', b.ends_at + interval '1 hour'
  from public.bookings b
 where b.acuity_id between 900001 and 900099 and b.ends_at < '2030-01-01'
   and not exists (select 1 from public.punches x where x.booking_id = b.acuity_id)
 order by b.acuity_id;
insert into public.punches (email, booking_id, change, reason, created_at)
select 'tariq.brown@example.com', 900024, -1, 'canceled', '2026-10-08 09:00:00+00'
 where (select count(*) from public.punches x where x.booking_id = 900024) = 1;

-- The order Amara paid with her code (KYB-1018, docs/rewards.md#at-checkout), as checkout, Stripe's
-- webhook and the studio would have left it: Irie Locs ($91) and shipping ($8), 10% off the line (Stripe
-- takes a coupon off the line items, never the shipping): discount_cents 910, so the total is $89.90 and
-- Stripe charged $89.90, which is what her payment records (migration 20261201001700_h31: a discounted
-- payment is what Stripe charged) and what the order kept. Shipped, so nothing waits on the studio. Its
-- order page: /order?token=seed-order-reward-token. The code is tied to it below, once the code exists.
insert into public.orders (id, number, user_id, email, customer_name, status, subtotal_cents, shipping_cents, total_cents, discount_cents, due_at_checkout_cents, paid_cents, refunded_cents, needs_shipping, shipping_address, kit_terms_version, kit_terms_accepted_at, access_token, carrier, tracking_number, created_at, updated_at, paid_at, balance_requested_at, shipped_at, delivered_at) values
  ('5eed0006-0000-4000-8000-000000000018', 1018, '5eed0000-0000-4000-8000-000000000011', 'amara.johnson@example.com', 'Amara Johnson', 'shipped', 9100, 800, 9900, 910, 9900, 8990, 0, true, '{"name":"Amara Johnson","line1":"482 Edgewood Ave SE","line2":"Apt 3","city":"Atlanta","state":"GA","postal_code":"30312","country":"US"}', null, null, 'seed-order-reward-token', 'USPS', '9400111899223847561018', '2025-11-24 15:30:00+00', '2025-11-26 10:00:00+00', '2025-11-24 15:32:00+00', null, '2025-11-26 10:00:00+00', null)
on conflict (id) do nothing;

insert into public.order_items (id, order_id, position, product, name, options, configuration, unit_cents, quantity, line_cents, due_at_checkout_cents, digital) values
  ('5eed0007-0000-4000-8000-000000000180', '5eed0006-0000-4000-8000-000000000018', 0, 'irie-locs', 'Irie Locs', array['Length: 20 in', 'Size: MD (1.2-1.5 cm)', 'Color: Black']::text[], '{"length":20,"size":"MD","color":"black"}', 9100, 1, 9100, 9100, false)
on conflict (id) do nothing;

insert into public.order_payments (id, order_id, kind, amount_cents, status, checkout_session_id, payment_intent_id, refunded_cents, created_at, paid_at) values
  ('5eed0008-0000-4000-8000-000000000019', '5eed0006-0000-4000-8000-000000000018', 'full', 8990, 'paid', 'cs_test_seed_18', 'pi_seed_18', 0, '2025-11-24 15:30:00+00', '2025-11-24 15:32:00+00')
on conflict (id) do nothing;

select setval('public.orders_number_seq', (select max(number) from public.orders));

insert into public.order_events (id, order_id, status, note, source, created_at)
overriding system value values
  (-926, '5eed0006-0000-4000-8000-000000000018', 'pending', null, 'checkout', '2025-11-24 15:30:00+00'),
  (-925, '5eed0006-0000-4000-8000-000000000018', 'paid', null, 'stripe', '2025-11-24 15:32:00+00'),
  (-924, '5eed0006-0000-4000-8000-000000000018', 'in_production', null, 'admin', '2025-11-25 09:00:00+00'),
  (-923, '5eed0006-0000-4000-8000-000000000018', 'ready', null, 'admin', '2025-11-25 16:00:00+00'),
  (-922, '5eed0006-0000-4000-8000-000000000018', 'shipped', 'USPS 9400111899223847561018', 'admin', '2025-11-26 10:00:00+00')
on conflict (id) do nothing;

insert into public.order_mails (order_id, kind, subject_key, status, attempts, claimed_at, sent_at) values
  ('5eed0006-0000-4000-8000-000000000018', 'confirmation', '', 'sent', 1, '2025-11-24 15:32:00+00', '2025-11-24 15:32:00+00'),
  ('5eed0006-0000-4000-8000-000000000018', 'business', '', 'sent', 1, '2025-11-24 15:32:00+00', '2025-11-24 15:32:00+00'),
  ('5eed0006-0000-4000-8000-000000000018', 'shipped', '', 'sent', 1, '2025-11-26 10:00:00+00', '2025-11-26 10:00:00+00')
on conflict (order_id, kind, subject_key) do nothing;

-- The codes their cards earned: Nia's new to the admin (the admin nav's "1 new"), Amara's used on her
-- order KYB-1018 above (not 1001: tests/backend/grants.test.ts deletes and puts back the first order) and
-- seen.
insert into public.reward_codes (code, email, earned_at_visit, percent_off, status, order_id, issued_at, used_at, admin_seen_at) values
  ('KYB-5EED0000A005', 'nia.campbell@example.com', 5, 10, 'issued', null, '2026-11-17 16:30:00+00', null, null),
  ('KYB-5EED0000C005', 'amara.johnson@example.com', 5, 10, 'used', '5eed0006-0000-4000-8000-000000000018', '2025-08-19 16:30:00+00', '2025-11-24 15:32:00+00', '2025-08-20 09:00:00+00')
on conflict (email, earned_at_visit) do nothing;
update public.orders
   set reward_code_id = (select id from public.reward_codes where code = 'KYB-5EED0000C005')
 where id = '5eed0006-0000-4000-8000-000000000018' and reward_code_id is null;
