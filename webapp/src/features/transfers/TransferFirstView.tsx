/**
 * The transfer page's first view (issue 23, app/FirstView.tsx): its heading, the page's
 * largest element on a phone, drawn by the start-up bundle before antd's code arrives.
 */
import { PlainPageHead } from '../../components/firstView/FirstViewParts'
import { TRANSFER_HEADING, TRANSFER_PAGE_SUBTITLE } from './texts'

export function TransferFirstView() {
  return <PlainPageHead title={TRANSFER_HEADING} subtitle={TRANSFER_PAGE_SUBTITLE} />
}
