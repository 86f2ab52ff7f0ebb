/** The scheduled payments page's state: details, edit and approval, and the name look-ups (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { schedulesReducer } from '../../store/schedules/schedulesSlice'
import { schedulesSaga } from '../../store/schedules/schedulesSaga'
import { payeesReducer } from '../../store/payees/payeesSlice'
import { payeesSaga } from '../../store/payees/payeesSaga'

export const featureState: FeatureState = {
  reducers: { schedules: schedulesReducer, payees: payeesReducer },
  sagas: [schedulesSaga, payeesSaga],
}
