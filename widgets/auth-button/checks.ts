/** The dialog's field checks, before anything is sent (the rules themselves: shared/rules/, the words: shared/messages.ts). */
import { EMAIL_PATTERN, MSG, PASSWORD_MIN, TEXTS } from '../core/domain.ts';

export function checkEmail(email: string): string | undefined {
  if (!email.trim()) return MSG.emailRequired;
  if (!EMAIL_PATTERN.test(email.trim())) return MSG.emailInvalid;
}

/** A password being chosen (sign-up, new password); sign-in only needs one to be there. */
export function checkNewPassword(password: string): string | undefined {
  if (!password) return TEXTS.passwordRequired;
  if (password.length < PASSWORD_MIN) return TEXTS.passwordTooShort;
}
