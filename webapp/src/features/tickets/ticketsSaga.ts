import { all, call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { failureReason, type ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import { koboApi } from '../../api/koboApi'
import { ticketResolvedInList } from './reads'
import type { MessageResponse } from '../../api/accountTypes'
import {
  attachmentDownloadEndpoint,
  createTicketEndpoint,
  replyEndpoint,
  ticketEndpoint,
  ticketStatusEndpoint,
} from './api'
import {
  createTicketFailed,
  createTicketRequested,
  createTicketSucceeded,
  previewFailed,
  previewLoaded,
  previewOpened,
  replyFailed,
  replyRequested,
  replySucceeded,
  selectTickets,
  statusFailed,
  statusRequested,
  statusSucceeded,
  ticketFailed,
  ticketLoaded,
  ticketRequested,
  ticketWatchStarted,
  ticketWatchStopped,
  type AttachmentPreview,
  type ReplyPayload,
  type TicketsState,
} from './ticketsSlice'
import {
  ATTACHMENT_ERROR,
  CREATE_TICKET_ERROR,
  MESSAGE_SENT,
  SEND_MESSAGE_ERROR,
  STATUS_ERROR,
  STATUS_UPDATED,
  TICKET_CREATED,
  TICKET_DETAILS_ERROR,
} from './texts'
import type { AttachmentContent, CreateTicketRequest, Ticket, TicketCreated } from './types'

/** How often an open conversation looks for customer service's answers. Tests shorten it. */
export const ticketPolling = { intervalMs: 10_000 }

export function* fetchTicketSaga(action: PayloadAction<{ id: number; silent?: boolean }>): SagaIterator {
  const { id, silent } = action.payload
  const before: TicketsState = yield select(selectTickets)
  const result: ApiResult<Ticket> = yield call(callApi<Ticket>, ticketEndpoint(id))
  if (result.error) {
    if (silent) return
    const reason = failureReason(result.error, TICKET_DETAILS_ERROR)
    yield put(ticketFailed({ id, reason, missing: result.error.status === 404 }))
    yield call(toastFailure, result.error, TICKET_DETAILS_ERROR)
    return
  }
  // A background read that crossed a reply or a status change is older than what is shown.
  const after: TicketsState = yield select(selectTickets)
  if (silent && after.revision !== before.revision) return
  yield put(ticketLoaded(result.data))
  yield put(ticketResolvedInList(result.data.id, result.data.resolved))
}

/** While a conversation is open, re-read it now and then so answers appear without a reload. */
function* watchTicket(action: PayloadAction<{ id: number }>): SagaIterator {
  yield race({
    stop: take(ticketWatchStopped.type),
    poll: call(function* poll(): SagaIterator {
      for (;;) {
        yield delay(ticketPolling.intervalMs)
        const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden'
        if (!hidden) yield put(ticketRequested({ id: action.payload.id, silent: true }))
      }
    }),
  })
}

export function* createTicketSaga(action: PayloadAction<CreateTicketRequest>): SagaIterator {
  const result: ApiResult<TicketCreated> = yield call(callApi<TicketCreated>, createTicketEndpoint(action.payload))
  if (result.error) {
    yield put(createTicketFailed())
    yield call(toastFailure, result.error, CREATE_TICKET_ERROR)
    return
  }
  yield put(createTicketSucceeded(result.data.ticket))
  yield put(toastSuccess(TICKET_CREATED))
  yield put(koboApi.util.invalidateTags(['Tickets']))
  yield call([navigation, navigation.navigate], `/customer-service/${result.data.ticket.id}`)
}

export function* replySaga(action: PayloadAction<ReplyPayload>): SagaIterator {
  const { ticketId, text, attachments, tempId } = action.payload
  const result: ApiResult<Ticket> = yield call(
    callApi<Ticket>,
    replyEndpoint(ticketId, { text, attachments: attachments.map(({ name, document }) => ({ name, document })) }),
  )
  if (result.error) {
    yield put(replyFailed({ ticketId, tempId, text }))
    yield call(toastFailure, result.error, SEND_MESSAGE_ERROR)
    return
  }
  yield put(replySucceeded({ tempId, ticket: result.data }))
  // The contract's success message (docs/contract.md §15.5); the reply already shows in the conversation.
  yield put(toastSuccess(MESSAGE_SENT))
}

export function* statusSaga(action: PayloadAction<{ id: number; resolved: boolean }>): SagaIterator {
  const { id, resolved } = action.payload
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, ticketStatusEndpoint(id, { resolved }))
  if (result.error) {
    yield put(statusFailed())
    yield call(toastFailure, result.error, STATUS_ERROR)
    return
  }
  yield put(statusSucceeded({ id, resolved }))
  yield put(ticketResolvedInList(id, resolved))
  yield put(toastSuccess(result.data.message || STATUS_UPDATED))
}

export function* previewSaga(action: PayloadAction<AttachmentPreview['attachment']>): SagaIterator {
  const { id } = action.payload
  const result: ApiResult<AttachmentContent> = yield call(callApi<AttachmentContent>, attachmentDownloadEndpoint(id))
  if (result.error) {
    yield put(previewFailed({ id }))
    yield call(toastFailure, result.error, ATTACHMENT_ERROR)
    return
  }
  yield put(previewLoaded({ id, content: result.data.content }))
}

const isTicketRead = (silent: boolean) => (action: { type: string; payload?: unknown }) =>
  action.type === ticketRequested.type && Boolean((action.payload as { silent?: boolean }).silent) === silent

export function* ticketsSaga(): SagaIterator {
  yield all([
    // Background re-reads run on their own, so they never cancel a read the customer asked for.
    takeLatest(isTicketRead(false), fetchTicketSaga),
    takeLatest(isTicketRead(true), fetchTicketSaga),
    takeLatest(ticketWatchStarted.type, watchTicket),
    takeLatest(createTicketRequested.type, createTicketSaga),
    takeEvery(replyRequested.type, replySaga),
    takeLatest(statusRequested.type, statusSaga),
    takeLatest(previewOpened.type, previewSaga),
  ])
}
