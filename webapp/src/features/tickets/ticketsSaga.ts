import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import type { ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import { navigation } from '../../lib/navigation'
import { koboApi } from '../../api/koboApi'
import { ticketResolvedInList, ticketsApi } from './reads'
import type { MessageResponse } from '../../api/accountTypes'
import {
  createTicketEndpoint,
  replyEndpoint,
  ticketStatusEndpoint,
} from './api'
import {
  createTicketFailed,
  createTicketRequested,
  createTicketSucceeded,
  pendingReply,
  replyFailed,
  replyRequested,
  statusFailed,
  statusRequested,
  statusSucceeded,
  type ReplyPayload,
} from './ticketsSlice'
import {
  CREATE_TICKET_ERROR,
  MESSAGE_SENT,
  SEND_MESSAGE_ERROR,
  STATUS_ERROR,
  STATUS_UPDATED,
  TICKET_CREATED,
} from './texts'
import type { CreateTicketRequest, Ticket, TicketCreated } from './types'

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

/** Shows the reply at once, sends it, then shows the server's conversation, or takes the reply
 * out again and gives its text back. */
export function* replySaga(action: PayloadAction<ReplyPayload>): SagaIterator {
  const { ticketId, text, attachments, tempId } = action.payload
  yield put(
    ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => {
      shown.messages.push(pendingReply(action.payload))
    }),
  )
  const result: ApiResult<Ticket> = yield call(
    callApi<Ticket>,
    replyEndpoint(ticketId, { text, attachments: attachments.map(({ name, document }) => ({ name, document })) }),
  )
  if (result.error) {
    yield put(
      ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => {
        shown.messages = shown.messages.filter((m) => m.id !== tempId)
      }),
    )
    yield put(replyFailed({ ticketId, text }))
    yield call(toastFailure, result.error, SEND_MESSAGE_ERROR)
    return
  }
  const answer = result.data
  yield put(
    ticketsApi.util.updateQueryData('ticket', ticketId, (shown) => ({
      ...answer,
      messages: [...answer.messages, ...shown.messages.filter((m) => m.pending && m.id !== tempId)],
    })),
  )
  // A re-read that crossed the reply is older than this answer: read again once it has landed.
  yield put(koboApi.util.invalidateTags([{ type: 'Ticket', id: ticketId }]))
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
  yield put(statusSucceeded())
  yield put(
    ticketsApi.util.updateQueryData('ticket', id, (shown) => {
      shown.resolved = resolved
    }),
  )
  // As after a reply: a re-read that crossed the change is older than it.
  yield put(koboApi.util.invalidateTags([{ type: 'Ticket', id }]))
  yield put(ticketResolvedInList(id, resolved))
  yield put(toastSuccess(result.data.message || STATUS_UPDATED))
}

export function* ticketsSaga(): SagaIterator {
  yield all([
    takeLatest(createTicketRequested.type, createTicketSaga),
    takeEvery(replyRequested.type, replySaga),
    takeLatest(statusRequested.type, statusSaga),
  ])
}
