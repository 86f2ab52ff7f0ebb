/** The transfer page's state: its flows, and the saved beneficiaries and schedules it offers (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { transfersReducer } from './transfersSlice'
import { transfersSaga } from './transfersSaga'
import { beneficiariesReducer } from '../../store/beneficiaries/beneficiariesSlice'
import { beneficiariesSaga } from '../../store/beneficiaries/beneficiariesSaga'
import { schedulesReducer } from '../../store/schedules/schedulesSlice'
import { schedulesSaga } from '../../store/schedules/schedulesSaga'

export const featureState: FeatureState = {
  reducers: { transfers: transfersReducer, beneficiaries: beneficiariesReducer, schedules: schedulesReducer },
  sagas: [transfersSaga, beneficiariesSaga, schedulesSaga],
}
