import { all, call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, failureReason, isSessionError, type ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { statementEndpoint, transactionDetailEndpoint, transactionsEndpoint } from './api'
import {
  detailFailed,
  detailLoaded,
  detailLinked,
  detailOpened,
  historyFailed,
  historyLoaded,
  historyRequested,
  statementFailed,
  statementRequested,
  statementSucceeded,
  type StatementPayload,
} from './historySlice'
import { DETAILS_ERROR, STATEMENT_ERROR, STATEMENT_REQUESTED, TRANSACTIONS_ERROR } from './texts'
import type { HistoryQuery, Transaction, TransactionDetail, TransactionPage } from './types'

export function* fetchHistorySaga(action: PayloadAction<HistoryQuery>): SagaIterator {
  const result: ApiResult<TransactionPage> = yield call(callApi<TransactionPage>, transactionsEndpoint(action.payload))
  if (result.error) {
    yield put(historyFailed(failureReason(result.error, TRANSACTIONS_ERROR)))
    yield call(toastFailure, result.error, TRANSACTIONS_ERROR)
    return
  }
  yield put(historyLoaded({ items: result.data.content, total: result.data.totalElements }))
}

export function* fetchDetailSaga(action: PayloadAction<Transaction | string>): SagaIterator {
  const referenceNumber = typeof action.payload === 'string' ? action.payload : action.payload.referenceNumber
  const result: ApiResult<TransactionDetail> = yield call(
    callApi<TransactionDetail>,
    transactionDetailEndpoint(referenceNumber),
  )
  if (result.error) {
    yield put(detailFailed({ referenceNumber, message: errorMessage(result.error, DETAILS_ERROR) }))
    return
  }
  yield put(detailLoaded(result.data))
}

export function* requestStatementSaga(action: PayloadAction<StatementPayload>): SagaIterator {
  const { fileType, body } = action.payload
  const result: ApiResult<MessageResponse> = yield call(callApi<MessageResponse>, statementEndpoint(fileType, body))
  if (result.error) {
    if (isSessionError(result.error)) return
    const field = fieldErrorsOf(result.error)[0]?.field ?? null
    yield put(statementFailed({ message: errorMessage(result.error, STATEMENT_ERROR), field }))
    yield call(toastFailure, result.error, STATEMENT_ERROR)
    return
  }
  yield put(statementSucceeded())
  yield put(toastSuccess(STATEMENT_REQUESTED))
}

export function* historySaga(): SagaIterator {
  yield all([
    takeLatest(historyRequested.type, fetchHistorySaga),
    takeLatest([detailOpened.type, detailLinked.type], fetchDetailSaga),
    takeLatest(statementRequested.type, requestStatementSaga),
  ])
}
