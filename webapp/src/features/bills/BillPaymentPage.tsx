/**
 * Route /bill-payment (docs/contract.md §11.1): four tiles open
 * side panels (Buy Airtime, Data & Internet, Pay Electricity Bill, Pay Cable
 * TV Bill); below them the bill payment history. Every payment is confirmed
 * with a one-time code.
 */
import { useEffect, useState } from 'react'
import { Drawer, Typography } from 'antd'
import { RightOutlined } from '@ant-design/icons'
import { useAppDispatch, useAppSelector } from '../../store/hooks'
import { LoadFailed } from '../../components/LoadState'
import { useIsMobile } from '../../lib/useIsMobile'
import { detailsClosed, panelClosed, panelOpened, selectBills, vendDialogClosed } from './billsSlice'
import { useBillCatalogQuery, useSourceAccountsQuery } from './reads'
import { AirtimePanel } from './components/AirtimePanel'
import { BillCodeDialog } from './components/BillCodeDialog'
import { BillDetailsModal } from './components/BillDetailsModal'
import { BillHistory } from './components/BillHistory'
import { BillResultModal } from './components/BillResultModal'
import { CableTvPanel } from './components/CableTvPanel'
import { DataPanel } from './components/DataPanel'
import { ElectricityPanel } from './components/ElectricityPanel'
import { ProductIcon } from './components/ProductIcon'
import { RefusalNotice } from '../../components/payment/RefusalNotice'
import { BILLS_HEADING, CATALOG_FAILED, PANEL_TITLES } from './texts'
import type { BillProduct } from './types'
import './components/bills.css'
import '../../components/payment/transfers.css'
import '../../components/payment/beneficiaries.css'

const TILES: { product: BillProduct; text: string }[] = [
  { product: 'AIRTIME', text: 'Top up any MTN, GLO, Airtel or 9mobile line' },
  { product: 'DATA', text: 'Daily, weekly and monthly data plans' },
  { product: 'ELECTRICITY_BILL', text: 'Prepaid tokens and postpaid bills' },
  { product: 'CABLE_TV', text: 'DStv, GOtv and StarTimes subscriptions' },
]

const PANELS: Record<BillProduct, () => React.JSX.Element> = {
  AIRTIME: AirtimePanel,
  DATA: DataPanel,
  ELECTRICITY_BILL: ElectricityPanel,
  CABLE_TV: CableTvPanel,
}

export function BillPaymentPage() {
  const dispatch = useAppDispatch()
  const isMobile = useIsMobile()
  const { panel, flow } = useAppSelector(selectBills)
  const catalog = useBillCatalogQuery()
  // Asked for as the page opens, so a panel's From Account is ready when it slides in.
  useSourceAccountsQuery()
  // Hidden while Retry asks again.
  const catalogFailure = catalog.isFetching ? null : (catalog.data?.failure ?? null)

  useEffect(() => {
    return () => {
      // Leaving the page drops an unfinished payment (nothing is paid before the code).
      dispatch(panelClosed())
      dispatch(vendDialogClosed())
      dispatch(detailsClosed())
    }
  }, [dispatch])

  // The closing panel keeps its content while it slides out.
  const [shown, setShown] = useState<BillProduct | null>(panel)
  if (panel && panel !== shown) setShown(panel)
  const Panel = shown ? PANELS[shown] : null
  const busy = flow.step === 'submitting'

  return (
    <>
      <div className="kobo-page-head">
        <Typography.Title level={1}>{BILLS_HEADING}</Typography.Title>
        <Typography.Text type="secondary">Airtime, data, electricity and cable TV, paid from your Kobo account</Typography.Text>
      </div>
      {/* The tiles stay usable: a panel whose billers are missing says so in its own select. */}
      {catalogFailure && (
        <LoadFailed title={CATALOG_FAILED} reason={catalogFailure} onRetry={catalog.refetch} variant="banner" />
      )}
      <div className="kobo-bill-tiles">
        {TILES.map(({ product, text }) => (
          <button
            key={product}
            type="button"
            className={`kobo-bill-tile kobo-bill-tile--${product.toLowerCase()}`}
            onClick={() => dispatch(panelOpened(product))}
          >
            <ProductIcon type={product} size="large" />
            <span className="kobo-bill-tile__text">
              <span className="kobo-bill-tile__title">{PANEL_TITLES[product]}</span>
              <span className="kobo-bill-tile__sub">{text}</span>
            </span>
            <RightOutlined className="kobo-bill-tile__arrow" aria-hidden />
          </button>
        ))}
      </div>
      <BillHistory />
      <Drawer
        title={shown ? PANEL_TITLES[shown] : undefined}
        aria-label={shown ? PANEL_TITLES[shown] : undefined}
        placement="right"
        size={isMobile ? '100%' : 460}
        open={Boolean(panel)}
        closable={!busy}
        onClose={() => dispatch(panelClosed())}
        destroyOnHidden
        className="kobo-bill-drawer"
      >
        {Panel && <Panel />}
        <RefusalNotice error={flow.step === 'idle' ? flow.error : null} inSettings={flow.inSettings} />
      </Drawer>
      <BillCodeDialog />
      <BillResultModal />
      <BillDetailsModal />
    </>
  )
}
