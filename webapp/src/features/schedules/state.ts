/** The scheduled payments page's state: details, edit and approval (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { schedulesReducer } from '../../store/schedules/schedulesSlice'
import { schedulesSaga } from '../../store/schedules/schedulesSaga'

export const featureState: FeatureState = {
  reducers: { schedules: schedulesReducer },
  sagas: [schedulesSaga],
}
