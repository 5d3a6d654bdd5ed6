/**
 * The cart's "Reward code" field (docs/rewards.md#at-checkout): for a signed-in member only (a guest
 * has no rewards card, and the server refuses a guest's code); sent with Checkout, and the server's
 * refusal (not theirs, already used) is said here, at the field.
 */
import type { Ref } from 'react';
import { Field } from '../core/form.tsx';
import { REWARDS_MESSAGES } from '../core/domain.ts';

export interface RewardCodeProps {
  value: string;
  onValue: (value: string) => void;
  error: string | null;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
}

export function RewardCode({ value, onValue, error, disabled, inputRef }: RewardCodeProps) {
  return (
    <Field label={REWARDS_MESSAGES.codeLabel} hint={REWARDS_MESSAGES.codeHint} error={error} part="reward-code">
      {(a) => (
        <input
          {...a}
          ref={inputRef}
          className="kyb-input cart__code"
          type="text"
          name="reward-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={value}
          disabled={disabled}
          onChange={(e) => onValue(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}
