/** The transfer page's state: its flows, the payees, saved beneficiaries and schedules it offers (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { transfersReducer } from './transfersSlice'
import { transfersSaga } from './transfersSaga'
import { beneficiariesReducer } from '../../store/beneficiaries/beneficiariesSlice'
import { beneficiariesSaga } from '../../store/beneficiaries/beneficiariesSaga'
import { schedulesReducer } from '../../store/schedules/schedulesSlice'
import { schedulesSaga } from '../../store/schedules/schedulesSaga'
import { payeesReducer } from '../../store/payees/payeesSlice'
import { payeesSaga } from '../../store/payees/payeesSaga'

export const featureState: FeatureState = {
  reducers: { transfers: transfersReducer, beneficiaries: beneficiariesReducer, schedules: schedulesReducer, payees: payeesReducer },
  sagas: [transfersSaga, beneficiariesSaga, schedulesSaga, payeesSaga],
}
