/**
 * Words of the reviews element that the spec does not give (inline field errors, notes). The spec's
 * toasts live in shared/messages.ts.
 */
export const REVIEW_FIELD_MSG = {
  titleRequired: 'Title is required',
  contentRequired: 'Review is required',
  tooManyFiles: (n: number) => `Only 5 files can be attached; ${n === 1 ? '1 file was' : `${n} files were`} left out.`,
  textSaved: 'Your review is saved. Submit again to finish attaching your photos and videos.',
  pendingApproval: "Thank you! Your review will appear once it's approved.",
} as const;
