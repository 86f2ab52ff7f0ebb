/** The beneficiaries page's state: the create and delete flows and the name look-ups (app/featureStates.ts). */
import type { FeatureState } from '../../store/featureState'
import { beneficiariesReducer } from '../../store/beneficiaries/beneficiariesSlice'
import { beneficiariesSaga } from '../../store/beneficiaries/beneficiariesSaga'
import { payeesReducer } from '../../store/payees/payeesSlice'
import { payeesSaga } from '../../store/payees/payeesSaga'

export const featureState: FeatureState = {
  reducers: { beneficiaries: beneficiariesReducer, payees: payeesReducer },
  sagas: [beneficiariesSaga, payeesSaga],
}
