-- Money fixes (issue #27): an order cancelled with nothing refunded tells its customer. The admin-orders
-- function sends the e-mail once (claimed in order_mails like every order e-mail; a failed send is sent
-- again by the hourly review-requests job); a cancel that refunds sends the refund e-mail instead.
alter table public.order_mails drop constraint if exists order_mails_kind_check;
alter table public.order_mails add constraint order_mails_kind_check check (kind in (
  'confirmation', 'business', 'balance_due', 'shipped', 'refund', 'review_request', 'cancelled',
  -- per payment (subject_key: the order_payments id)
  'balance_receipt', 'business_balance', 'unexpected_refund', 'business_unexpected'));
