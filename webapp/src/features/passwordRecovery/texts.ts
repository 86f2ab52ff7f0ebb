/** Customer-facing texts of password recovery, word for word from docs/contract.md §5. */

export const MAIL_SENT_TITLE = 'Mail Sent Successfully'
export const EMAIL_SENT_SUCCESSFULLY = 'Email sent successfully'
export const PASSWORD_RESET_SUCCESSFULLY = 'Password reset successfully'
export const INVALID_LINK_FALLBACK = 'This link is invalid or has expired, a new link has been sent to your email'
