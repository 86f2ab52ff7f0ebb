import { call, put, takeLatest } from 'redux-saga/effects'
import type { SagaIterator } from 'redux-saga'
import type { PayloadAction } from '@reduxjs/toolkit'
import { callApi } from '../../api/saga'
import { errorMessage, isSessionError, type ApiResult } from '../../api/client'
import { toastFailure, toastSuccess } from '../../store/toastSlice'
import type { MessageResponse } from '../../api/accountTypes'
import { fieldErrorsOf } from '../../api/fieldErrors'
import { statementEndpoint } from './api'
import {
  statementFailed,
  statementRequested,
  statementSucceeded,
  type StatementPayload,
} from './historySlice'
import { STATEMENT_ERROR, STATEMENT_REQUESTED } from './texts'

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
  yield takeLatest(statementRequested.type, requestStatementSaga)
}
