/** The "Your data" tab's texts, word for word from docs/contract.md §14.6. */
export const YOUR_DATA = 'Your data'
export const DOWNLOAD_TITLE = 'Download your data'
export const DOWNLOAD_TEXT =
  'Get a copy of everything we hold about you: a file a computer can read, with your documents, and a readable PDF summary. We prepare it in the background and e-mail you a link that works once.'
export const DOWNLOAD_BUTTON = 'Download my data'
export const APPROVE_TITLE = 'Approve the download of your data'
export const APPROVE_PASSKEY = 'Confirm with your fingerprint, face or screen lock. Your passkey approves only this request.'
export const PREPARING = 'We are preparing a copy of your data. We will e-mail you when it is ready to download.'
export const READY_TITLE = 'Your data is ready'
export const READY_BUTTON = 'Download'
export const COPIES_FAILED = "We couldn't load your copies"
export const COPIES_EMPTY = 'You have not asked for a copy yet.'

export const MARKETING_TITLE = 'Marketing messages'
export const OFFERS_SMS = 'Offers by text message'
export const OFFERS_EMAIL = 'Offers by e-mail'
export const CHOICES_TITLE = 'History of your choices'
export const CHOICES_EMPTY = 'No choices yet: you receive no offers.'
export const CHOICE_SAVED = 'Your choice is saved'
export const CONSENTS_FAILED = "We couldn't load your marketing choices"

export const RECORD_TITLE = 'How we use your data'
export const RECORD_FAILED = "We couldn't load how we use your data"

export const REQUEST_TITLE = 'Correct or erase your data'
export const WHAT_DO_YOU_WANT = 'What do you want?'
export const KIND_CORRECTION = 'Correct my data'
export const KIND_ERASURE = 'Erase my data and close my profile'
export const TELL_US_MORE = 'Tell us more'
export const TELL_US_WHAT = 'Tell us what to correct'
export const ERASURE_WARNING =
  'We will close your profile and erase what the law lets us erase: your devices, passkeys and sign-in sessions, your marketing choices, your saved beneficiaries and your selfies. We must keep the record of your accounts, payments and identity for 5 years after our relationship ends. Pay out any money in your accounts first.'
export const SEND_REQUEST = 'Send request'
export const REQUESTS_FAILED = "We couldn't load your requests"
export const REQUESTS_EMPTY = 'No requests yet.'
export const REQUEST_FAILED = 'We could not send your request. Please try again.'
export const CONSENT_FAILED = 'We could not save your choice. Please try again.'
export const DOWNLOAD_FAILED = 'We could not download your data. Please try again.'
