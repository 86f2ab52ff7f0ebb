/**
 * The dashboard's first view (issue 23, app/FirstView.tsx): the heading and the "My
 * Accounts" card with the account cards, the page's largest element, drawn by the start-up
 * bundle from the early summary answer before antd's code arrives. The same texts and
 * the same AccountCardStack as the page; the eye and "+" buttons are pictures of antd's.
 */
import EyeOutlined from '@ant-design/icons/EyeOutlined'
import PlusOutlined from '@ant-design/icons/PlusOutlined'
import type { ClientSummary } from '../../api/types'
import { PlainCard, PlainIconButton, PlainPageHead } from '../../components/firstView/FirstViewParts'
import { AccountCardStack, type EyeButton } from './components/AccountCardStack'
import { DASHBOARD_SUBHEADING, MY_ACCOUNTS, NO_ACCOUNTS, welcome } from './texts'

/** The front card's eye as the page first shows it (balance hidden). */
const EyePicture: EyeButton = () => <PlainIconButton look="small" icon={<EyeOutlined />} />

export function HomeFirstView({ firstName, summary }: { firstName?: string; summary: ClientSummary | null }) {
  return (
    <>
      <PlainPageHead title={welcome(firstName)} subtitle={DASHBOARD_SUBHEADING} />
      {summary && (
        // HomePage's Row and its first Col (xs 24, lg 14).
        <div className="kobo-plain-row">
          <div className="kobo-plain-row__col kobo-plain-row__col--lg-14">
            <PlainCard title={MY_ACCOUNTS} extra={<PlainIconButton look="primary" icon={<PlusOutlined />} />}>
              {summary.accounts.length > 0 ? (
                <AccountCardStack accounts={summary.accounts} Eye={EyePicture} />
              ) : (
                <span className="kobo-plain-head__subtitle">{NO_ACCOUNTS}</span>
              )}
            </PlainCard>
          </div>
        </div>
      )}
    </>
  )
}
