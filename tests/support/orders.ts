/**
 * Orders made the way the checkout function makes them (order_create, as service_role), for the suites
 * that need one to exist without a trip through Stripe: a Crown Planner bundle, $27, digital.
 */
import type { TestClient } from './stack.ts';

export const ORDER_AMOUNTS = { subtotal_cents: 2700, shipping_cents: 0, total_cents: 2700, due_at_checkout_cents: 2700, needs_shipping: false };
export const ORDER_ITEM = {
  product: 'crown-planner',
  name: 'Crown Planner Bundle',
  options: ['Digital download'],
  configuration: { tier: 'bundle' },
  unit_cents: 2700,
  quantity: 1,
  line_cents: 2700,
  due_at_checkout_cents: 2700,
  digital: true,
};

export interface CreatedOrder {
  id: string;
  number: number | null;
  payment_id: string;
}

/** A pending order of the bundle for `userId` (null: a guest's). */
export async function createOrder(service: TestClient, userId: string | null, email: string | null = null): Promise<CreatedOrder> {
  const { data, error } = await service.rpc('order_create', { p_order: { ...ORDER_AMOUNTS, user_id: userId, email }, p_items: [ORDER_ITEM] });
  if (error) throw error;
  return data as unknown as CreatedOrder;
}
